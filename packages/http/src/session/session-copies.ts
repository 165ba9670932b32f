import type { BusEvent, ListKind, NotificationBus } from '@armature/core/ports';
import type { JSONRPCMessage } from '@armature/core/wire/2025-11-25';
import type { ConnectableApp, SessionChange } from '@armature/core/internal';
import type { EventStore } from '../events/event-store';
import type { ResolvedHttpOptions } from '../options/resolved-options';
import { HttpSessionTransport } from './http-session.transport';
import { lookupKey } from './session-id';
import { appendsSettled, noteAppend } from '../events/answer-appends';
import type { IndexedSession, SessionStateStore } from '../session-state/session-state-store';
import type { SessionStore } from './session-store';
import type { OpenedSession, SessionSync } from './session-sync';

/** Why a session could not be served from stored state (`foreign`: another principal opened it). */
export type RestoreFailure = 'unknown' | 'foreign' | 'unavailable' | 'full';

/** Slide a shared session's stored TTL at most this often per copy (a Redis round trip each). */
const TOUCH_EVERY_MS = 5_000;

/**
 * The sessions of one handler as copies of stored sessions: stores a session when its
 * `initialize` succeeds and its changes as they are served, serves a session this instance does
 * not hold from its stored state (a restored copy), ends it everywhere on DELETE, and applies
 * what the other instances' copies publish on the app's bus. With the in-memory defaults this
 * is one process's bookkeeping and publishes nothing.
 */
export class SessionCopies implements SessionSync {
  private readonly restoring = new Map<string, Promise<HttpSessionTransport | RestoreFailure>>();
  /**
   * Event-store appends still under way: broadcasts fanned out to unheld sessions, messages
   * routed to a session by id, and every append of a copy's GET stream, inside a request or not
   * (a timer's broadcast). Closing waits for them, within the drain window.
   */
  private readonly appending = new Set<Promise<unknown>>();
  private readonly touched = new WeakMap<HttpSessionTransport, number>();
  private readonly leaveBus: () => void;
  private readonly leaveRoutes: () => void;
  /** Slides the stored TTL of copies that only stream (set with a shared store). */
  private readonly keepAlive: NodeJS.Timeout | undefined;
  /** `<instanceId>-`: prefix of this instance's server→client request ids, when the bus is shared. */
  readonly replyPrefix: string | undefined;

  constructor(
    private readonly app: ConnectableApp,
    private readonly options: ResolvedHttpOptions,
    private readonly live: SessionStore,
    readonly state: SessionStateStore,
    private readonly bus: NotificationBus | undefined,
    private readonly reportError: (error: unknown) => void,
  ) {
    this.replyPrefix = bus?.shared === true ? `${bus.instanceId}-` : undefined;
    this.leaveBus = bus?.shared === true ? bus.subscribe((event) => this.hear(event)) : () => undefined;
    // A message for a session by id (a task's status told by an instance that did not run it).
    this.leaveRoutes =
      bus?.shared === true && app.routeSessionMessages !== undefined
        ? app.routeSessionMessages((id, message) => this.toSession(id, message))
        : () => undefined;
    // A copy that only streams (a GET held open, no POSTs) must keep its stored state alive too.
    if (state.shared && options.idleTimeoutMs > 0) {
      this.keepAlive = setInterval(
        () => {
          for (const session of this.live.all()) if (session.busy) this.touch(session);
        },
        Math.max(TOUCH_EVERY_MS, Math.min(options.idleTimeoutMs / 3, 60_000)),
      ).unref();
    }
  }

  /** A new session's transport (its `initialize` is on the way). */
  open(id: string, principal: string | undefined, onClosed: (t: HttpSessionTransport) => void): HttpSessionTransport {
    // A store nobody else reads needs no writes: one process keeps a session exactly as before (no extra work or memory).
    return new HttpSessionTransport(id, this.options, onClosed, principal, this.state.shared ? { sync: this, ...this.reply() } : null);
  }

  /** Serves session `id` from its stored state: a live copy here, or why not. */
  restore(
    id: string,
    principal: string | undefined,
    onClosed: (t: HttpSessionTransport) => void,
  ): Promise<HttpSessionTransport | RestoreFailure> {
    if (!this.state.shared || lookupKey(id) === undefined) return Promise.resolve('unknown');
    // Concurrent first requests of one session (and principal) share one restore.
    const key = `${id}\u0000${principal ?? ''}`;
    let pending = this.restoring.get(key);
    if (pending === undefined) {
      pending = this.load(id, principal, onClosed).finally(() => this.restoring.delete(key));
      this.restoring.set(key, pending);
    }
    return pending;
  }

  /** A request reached a live copy: slide the stored TTL now and then; a session gone from the store ends here too. */
  touch(session: HttpSessionTransport): void {
    if (!this.state.shared) return;
    const now = Date.now();
    if (now - (this.touched.get(session) ?? 0) < TOUCH_EVERY_MS) return;
    this.touched.set(session, now);
    void Promise.resolve()
      .then(() => this.state.touch(session.sessionId, this.options.idleTimeoutMs))
      .then((stored) => {
        if (!stored) this.endCopy(session);
      }, this.reportError);
  }

  /** The client ended the session (DELETE): gone from the store and from every instance. */
  async forget(id: string): Promise<void> {
    if (!this.state.shared) return;
    await this.state.delete(id);
    await this.bus?.publish({ type: 'session_ended', sessionKey: keyOf(id) });
  }

  /**
   * Stops hearing the bus; resolves once the appends under way (and those they start) are
   * done, or after `waitMs`: what a handler or a timer raised before shutdown is stored before
   * the app closes its event store.
   */
  async close(waitMs: number): Promise<void> {
    this.leaveBus();
    this.leaveRoutes();
    if (this.keepAlive !== undefined) clearInterval(this.keepAlive);
    await appendsSettled(this.appending, waitMs);
  }

  pending(append: Promise<unknown>): void {
    this.appending.add(append);
    const settled = (): void => void this.appending.delete(append);
    append.then(settled, settled);
  }

  opened(session: HttpSessionTransport, facts: OpenedSession): void | Promise<void> {
    const stored = {
      id: session.sessionId,
      key: keyOf(session.sessionId),
      ...(session.principal === undefined ? {} : { principal: session.principal }),
      ...facts,
      subscriptions: [],
      streamPrefix: session.streamPrefix,
      createdAt: Date.now(),
      lastSeenAt: Date.now(),
    };
    return this.state.create(stored, this.options.idleTimeoutMs);
  }

  changed(session: HttpSessionTransport, change: SessionChange): void | Promise<void> {
    // `initialized` is only news for the other copies: a copy restored from the store starts initialized.
    const written = change.initialized === true ? undefined : this.state.change(session.sessionId, change, this.options.idleTimeoutMs);
    if (this.bus?.shared !== true) return written;
    const event: BusEvent = { type: 'session_changed', sessionKey: keyOf(session.sessionId), ...change };
    return Promise.resolve(written).then(() => this.bus!.publish(event));
  }

  claimed(session: HttpSessionTransport): void {
    if (this.bus?.shared === true)
      void Promise.resolve(
        this.bus.publish({ type: 'stream_claimed', sessionKey: keyOf(session.sessionId), holder: this.bus.instanceId }),
      ).catch(this.reportError);
  }

  toStream(session: HttpSessionTransport, message: JSONRPCMessage): void {
    if (this.bus?.shared === true)
      void Promise.resolve(this.bus.publish({ type: 'session_message', sessionKey: keyOf(session.sessionId), message })).catch(
        this.reportError,
      );
  }

  appended(session: HttpSessionTransport): void {
    if (this.bus?.shared === true)
      void Promise.resolve(this.bus.publish({ type: 'stream_appended', sessionKey: keyOf(session.sessionId) })).catch(this.reportError);
  }

  forward(session: HttpSessionTransport, message: JSONRPCMessage, to: string): void {
    if (this.bus?.shared === true)
      void Promise.resolve(this.bus.publish({ type: 'client_reply', sessionKey: keyOf(session.sessionId), to, message })).catch(
        this.reportError,
      );
  }

  abandoned(session: HttpSessionTransport): void {
    void Promise.resolve()
      .then(() => this.state.delete(session.sessionId))
      .catch(() => undefined);
  }

  private reply(): { replyPrefix?: string; sharedStore: boolean } {
    return this.replyPrefix === undefined
      ? { sharedStore: this.state.shared }
      : { replyPrefix: this.replyPrefix, sharedStore: this.state.shared };
  }

  private async load(
    id: string,
    principal: string | undefined,
    onClosed: (t: HttpSessionTransport) => void,
  ): Promise<HttpSessionTransport | RestoreFailure> {
    let stored;
    try {
      stored = await this.state.get(id);
    } catch (error) {
      this.reportError(error);
      return 'unavailable';
    }
    if (stored === undefined) return 'unknown';
    // Another principal holding the id (stolen or guessed) learns no more than for an unknown id, and costs no copy.
    if (stored.principal !== principal) return 'foreign';
    if (stored.lists === undefined) this.indexLists(id);
    const already = this.live.find(id);
    if (already !== undefined) return already;
    if (this.live.full) return 'full';
    const copy = new HttpSessionTransport(id, this.options, onClosed, stored.principal, {
      sync: this,
      ...this.reply(),
      streamPrefix: stored.streamPrefix,
      restoredVersion: stored.protocolVersion,
    });
    const { protocolVersion, clientCapabilities, clientInfo, logLevel, subscriptions } = stored;
    try {
      copy.connected = await this.app.connect(copy, {
        assumeInitialized: {
          protocolVersion,
          clientCapabilities,
          ...(clientInfo === undefined ? {} : { clientInfo }),
          ...(logLevel === undefined ? {} : { logLevel }),
          subscriptions,
        },
        ...(this.replyPrefix === undefined ? {} : { clientRequestIdPrefix: this.replyPrefix }),
      });
    } catch (error) {
      // The app is closing, or its session set up failed.
      this.reportError(error);
      return 'unavailable';
    }
    this.live.add(copy);
    return copy;
  }

  /**
   * A session stored by a version that kept no `lists` joins the index of all sessions now, with
   * the lists this app serves (what a live copy is told), so list changes reach it while unheld.
   */
  private indexLists(id: string): void {
    const index = this.state.indexLists;
    const lists = this.app.listsServed?.();
    if (index === undefined || lists === undefined) return;
    this.pending(
      Promise.resolve()
        .then(() => index.call(this.state, id, lists, this.options.idleTimeoutMs))
        .catch(this.reportError),
    );
  }

  /**
   * A message for the 2025 session `id` that no request here carries (a task's status after the
   * instance running it stopped). With an event store it is appended to the session's GET
   * stream once, here, whether or not any instance holds that stream, and the holder (if any) is
   * woken; a client resuming with `Last-Event-ID` anywhere gets it. Without one, it goes on the
   * bus to the copy that writes the stream, and is lost when none does.
   */
  private toSession(id: string, message: JSONRPCMessage): void {
    if (lookupKey(id) === undefined) return;
    const store = this.options.store;
    if (store === null || !this.state.shared) {
      void Promise.resolve(this.bus!.publish({ type: 'session_message', sessionKey: keyOf(id), message })).catch(this.reportError);
      return;
    }
    const append = this.appendTo(id, store, message).catch(this.reportError);
    this.pending(append);
    void noteAppend(append);
  }

  private async appendTo(id: string, store: EventStore, message: JSONRPCMessage): Promise<void> {
    // A copy here appends it and wakes the holder itself.
    const here = this.live.find(id);
    if (here !== undefined && !here.isClosed) return here.send(message);
    const stored = await this.state.get(id);
    // The session ended (or lapsed): nothing can resume its stream.
    if (stored === undefined) return;
    await store.append(`${stored.streamPrefix}.0`, message);
    await this.bus!.publish({ type: 'stream_appended', sessionKey: keyOf(id) });
  }

  private hear(event: BusEvent): void {
    if (event.type === 'resource_updated') return this.updateUnheld(event.uri, event.eventKey);
    if (event.type === 'list_changed') return this.listChangedUnheld(event.list, event.eventKey);
    if (!('sessionKey' in event)) return;
    const session = this.live.findByKey(event.sessionKey);
    if (session === undefined) return;
    switch (event.type) {
      case 'session_ended':
        return this.endCopy(session);
      case 'session_changed':
        return session.connected?.applyChange?.(event);
      case 'stream_claimed':
        if (event.holder !== this.bus!.instanceId) session.releaseStandalone();
        return;
      case 'session_message':
        return session.pushToStream(event.message);
      case 'stream_appended':
        return session.wakeStream();
      case 'client_reply':
        if (event.to === this.bus!.instanceId) void session.receive(event.message, {});
        return;
    }
  }

  /**
   * `notifications/resources/updated` raised on this instance reaches the sessions no copy here
   * holds through their event streams: each subscriber the store's index names gets the event
   * appended once (under the broadcast's key, which the copies elsewhere use too), and the
   * copies of that session are told to read it. So a session whose GET stream's instance has
   * just stopped, and that no other instance has loaded yet, misses nothing when it resumes.
   */
  private updateUnheld(uri: string, eventKey: string | undefined): void {
    const index = this.state.subscribersOf;
    if (index === undefined) return;
    const message: JSONRPCMessage = { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri } };
    this.fanOut(message, eventKey, () => index.call(this.state, uri));
  }

  /** `notifications/<list>/list_changed` raised here: appended, the same way, to every stored session served that list. */
  private listChangedUnheld(list: ListKind, eventKey: string | undefined): void {
    const index = this.state.sessionsServed;
    if (index === undefined) return;
    const message: JSONRPCMessage = { jsonrpc: '2.0', method: `notifications/${list}/list_changed` };
    this.fanOut(message, eventKey, () => index.call(this.state, list));
  }

  /** Appends a broadcast this instance raised to the GET streams of the indexed sessions no copy here holds. */
  private fanOut(
    message: JSONRPCMessage,
    eventKey: string | undefined,
    sessionsOf: () => readonly IndexedSession[] | Promise<readonly IndexedSession[]>,
  ): void {
    const store = this.options.store;
    if (eventKey === undefined || !raisedBy(this.bus, eventKey) || store?.appendOnce === undefined) return;
    // The copies here now heard the broadcast (the bus delivers here first). One loaded while the
    // index is read came too late to hear it, so it does not stand in for the append.
    const raised = this.live.mark;
    const fanOut = Promise.resolve()
      .then(sessionsOf)
      .then((sessions) =>
        Promise.all(
          sessions.map(async ({ key, streamPrefix }) => {
            // A copy here heard the broadcast itself (and appends it under the same key).
            if (key !== '' && this.live.liveAt(key, raised) !== undefined) return;
            const appended = await store.appendOnce!(`${streamPrefix}.0`, eventKey, message);
            if (appended !== undefined && key !== '') await this.bus!.publish({ type: 'stream_appended', sessionKey: key });
          }),
        ),
      )
      .catch(this.reportError);
    this.pending(fanOut);
    // The request whose handler raised the broadcast answers once the appends are stored.
    void noteAppend(fanOut);
  }

  /** Closes this instance's copy of a session that ended elsewhere. */
  private endCopy(session: HttpSessionTransport): void {
    if (this.live.find(session.sessionId) !== session) return;
    this.live.remove(session);
    // The session ended everywhere: its streams are the ender's to forget.
    void Promise.resolve(session.connected?.close())
      .catch(this.reportError)
      .then(() => session.close());
  }
}

/** Whether this instance raised a broadcast: the app keys each one `<instanceId>.<count>` (instance ids have no dot). */
function raisedBy(bus: NotificationBus | undefined, eventKey: string): boolean {
  return bus?.shared === true && eventKey.startsWith(`${bus.instanceId}.`);
}

/** The non-secret key of a session id that names it on the bus. */
function keyOf(id: string): string {
  return lookupKey(id) ?? '';
}
