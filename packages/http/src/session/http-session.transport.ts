import { principalKey, WireErrorCode } from '@armature/core';
import { encodeJsonRpc, IdleWaiters, negotiateProtocolVersion, nodeCrypto } from '@armature/core/internal';
import type { AuthInfo, MessageExtraInfo, Transport, TransportSendOptions } from '@armature/core';
import type { JSONRPCMessage, JSONRPCRequest, RequestId } from '@armature/core/wire/2025-11-25';
import type { ConnectedSession, SessionChange } from '@armature/core/internal';
import type { HeaderList, HttpResponder } from '../exchange/http-exchange';
import { ResponseChannel, type ChannelHost } from './response-channel';
import type { ResolvedHttpOptions } from '../options/resolved-options';
import { isRequest, isResponse } from '../protocol/json-rpc-message';
import { supportsPriming } from '../protocol/protocol-version';
import { SseConnection } from '../sse/sse-connection';
import { SseStream } from '../sse/sse-stream';
import { SessionEventStream } from '../sse/session-event-stream';
import { instanceOfReply, isBroadcast, storeFailure, type SessionSync } from './session-sync';
import { StateWrites } from './state-writes';
import { appendsSettled, collectingAppends } from '../events/answer-appends';
import { ClientAnswerTimers } from './client-answer-timers';

/** Headers of a JSON answer that belongs to no session (a failed `initialize`). */

/** The change a `notifications/initialized` makes: told to the other copies, nothing to store. */
const INITIALIZED: SessionChange = Object.freeze({ initialized: true });
/** How a transport is one copy of a session that other instances may hold too (see `SessionSync`). */
export interface SessionCopy {
  readonly sync: SessionSync;
  /** This instance's prefix of server→client request ids (`<instanceId>-`), when copies exist elsewhere. */
  readonly replyPrefix?: string;
  /** The session's stored stream prefix, for a copy served again from stored state. */
  readonly streamPrefix?: string;
  /** The negotiated version, for a copy served again from stored state (it never sees `initialize`). */
  readonly restoredVersion?: string;
  /** Whether other instances may hold copies (a shared session store). */
  readonly sharedStore?: boolean;
}

/** The `requestId` of a `notifications/cancelled`, if `message` is one. */
function cancelledRequestId(message: JSONRPCMessage): RequestId | undefined {
  const m = message as { method?: unknown; id?: unknown; params?: { requestId?: unknown } };
  if (m.method !== 'notifications/cancelled' || m.id !== undefined) return undefined;
  const id = m.params?.requestId;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/**
 * The `Transport` of one stateful Streamable HTTP session (MCP 2025-11-25, transports
 * §Session Management). Incoming requests arrive over many POSTs; each keeps its own answer
 * channel keyed by request id *within this session*, so two clients using the same id never
 * see each other's answers. Messages tied to a request (`relatedRequestId`) go on that
 * request's stream; everything else goes on the session's GET stream.
 */
/** Headers of a plain JSON answer that names no session (a failed `initialize`). */
const BARE_JSON_HEADERS: HeaderList = ['content-type', 'application/json'];

export class HttpSessionTransport implements Transport, ChannelHost {
  onmessage?: ((message: JSONRPCMessage, extra?: MessageExtraInfo) => void) | undefined;
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;

  readonly jsonHeaders: HeaderList;
  private readonly sseHeaders: HeaderList;
  /** The app's handle on this session, once connected. */
  connected: ConnectedSession | undefined;
  /** Last time a request touched this session (ms since epoch), for idle expiry. */
  lastActivity = Date.now();

  private readonly inflight = new Map<RequestId, ResponseChannel>();
  /** Who waits for every request of this session to be answered (the endpoint's drain). */
  private readonly answered = new IdleWaiters();
  /** The event-store appends each request's handler started, which its answer waits for (copies with an event store only). */
  private readonly appendsOf: Map<RequestId, Set<Promise<unknown>>> | null;
  /** Live streams by id, for `Last-Event-ID` resumption. */
  private readonly streams = new Map<string, SseStream>();
  /** The session's GET stream without an event store (what is not written is lost)… */
  private readonly standalone: SseStream | null;
  /** …or with one: the store holds it, this copy writes what it reads back (see `SessionEventStream`). */
  private readonly events: SessionEventStream | null;
  /** The GET stream's id (`<streamPrefix>.0`). */
  private readonly standaloneId: string;
  /** Random per-session prefix of stream ids, so a stream id proves which session owns it (shared by its copies). */
  readonly streamPrefix: string;
  /** Request stream ids of a restored copy carry a tag of their own, so copies never reuse an id. */
  private readonly streamTag: string;
  private nextStream = 1;
  /** Whether this copy writes the session's GET stream (copies restored elsewhere do once a GET opens on them). */
  private holdsStandalone: boolean;
  /** Requests whose success changes the stored session, and the writes their answers wait for. */
  private readonly writes: StateWrites | null;
  /**
   * Whether closing drops the session's streams from the event store: yes when this process
   * alone serves the session; with a shared store only when the session ends everywhere
   * (`forgetStreams`: DELETE, a failed initialize), since other copies may still write or resume them.
   */
  private forgetsStreams: boolean;
  /** Server→client requests sent on the GET stream, awaiting the client's answer (bounded). */
  private readonly answers: ClientAnswerTimers;
  private initializeId: RequestId | undefined;
  /** Set once the first initialize has been answered. */
  private opened = false;
  /** Whether this session's streams start with a priming event (set at initialize). */
  private primes = false;
  private closed = false;

  constructor(
    readonly sessionId: string,
    private readonly options: ResolvedHttpOptions,
    private readonly onClosed: (transport: HttpSessionTransport) => void,
    /** `principalKey` of the principal that opened the session (issuer, subject, client id); later requests must match it. */
    readonly principal: string | undefined = undefined,
    private readonly copy: SessionCopy | null = null,
  ) {
    this.streamPrefix = copy?.streamPrefix ?? nodeCrypto().randomBytes(6).toString('hex');
    this.streamTag = copy?.streamPrefix === undefined ? '' : `${nodeCrypto().randomBytes(3).toString('hex')}-`;
    this.holdsStandalone = copy?.streamPrefix === undefined;
    this.forgetsStreams = copy?.sharedStore !== true;
    this.writes = copy === null ? null : new StateWrites(copy.sync, this);
    // Only where another instance may resume the session's streams: elsewhere a crash loses the store with the process.
    this.appendsOf = copy?.sharedStore === true && options.store !== null && options.appendWaitMs > 0 ? new Map() : null;
    if (copy?.restoredVersion !== undefined) {
      this.opened = true;
      this.primes = options.priming && supportsPriming(copy.restoredVersion);
    }
    this.jsonHeaders = ['content-type', 'application/json', 'mcp-session-id', sessionId];
    this.sseHeaders = [
      'content-type',
      'text/event-stream',
      'cache-control',
      'no-cache, no-transform',
      'x-accel-buffering',
      'no',
      'mcp-session-id',
      sessionId,
    ];
    this.standaloneId = `${this.streamPrefix}.0`;
    this.answers = new ClientAnswerTimers(options.clientAnswerTimeoutMs, (answer, cancel) => {
      if (this.closed) return;
      this.onmessage?.(answer);
      void this.send(cancel);
    });
    const store = options.store;
    this.standalone = store === null ? this.createStream(this.standaloneId) : null;
    this.events =
      store === null
        ? null
        : new SessionEventStream(
            this.standaloneId,
            store,
            options.onError,
            copy?.streamPrefix === undefined,
            copy === null ? undefined : (append) => copy.sync.pending(append),
          );
  }

  async start(): Promise<void> {}

  /** True while the session has work in flight or a client holds a stream open. */
  get busy(): boolean {
    if (this.inflight.size > 0 || this.standalone?.isAttached === true || this.events?.isAttached === true) return true;
    // A question on the GET stream awaits its answer here: the copy stays until it comes (or times out).
    if (this.answers.size > 0) return true;
    for (const stream of this.streams.values()) if (stream.isAttached) return true;
    return false;
  }

  /** Whether a request made as `authInfo` may use this session (the principal that opened it: same issuer, subject and client id). */
  ownedBy(authInfo: AuthInfo | undefined): boolean {
    return principalKey(authInfo) === this.principal;
  }

  /** Resolves true once no request of this session waits for its answer, or false after `timeoutMs`. */
  whenAnswered(timeoutMs: number): Promise<boolean> {
    return this.answered.wait(this.inflight.size === 0, timeoutMs);
  }

  /** A request's answer channel is gone: wakes the drain once none is left. */
  private forgetAnswer(id: RequestId): void {
    this.inflight.delete(id);
    if (this.inflight.size === 0) this.answered.wake();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** A POSTed request: open its answer channel, then hand the message to the session. */
  receiveRequest(message: JSONRPCRequest, extra: MessageExtraInfo, responder: HttpResponder): boolean {
    if (this.inflight.has(message.id)) return false;
    // Only the session's first initialize decides its fate; a repeat is the engine's to refuse.
    const opening = message.method === 'initialize' && !this.opened;
    if (opening) this.initializing(message);
    this.writes?.note(message, opening);
    this.inflight.set(message.id, new ResponseChannel(responder, this, this.primes, this.options.answers, extra.authInfo !== undefined));
    if (this.appendsOf === null) {
      this.onmessage?.(message, extra);
      return true;
    }
    const appends = new Set<Promise<unknown>>();
    this.appendsOf.set(message.id, appends);
    collectingAppends(appends, () => this.onmessage?.(message, extra));
    return true;
  }

  /**
   * A POSTed notification or response: no answer channel. Returns a promise when the other
   * copies must hear of it before the POST is acknowledged (`notifications/initialized`: the copy
   * that answered `initialize` elsewhere may be waiting for it before it asks the client anything).
   */
  receive(message: JSONRPCMessage, extra: MessageExtraInfo): void | Promise<void> {
    const copy = this.copy;
    if (isResponse(message)) this.answers.answered((message as { id?: RequestId }).id);
    if (copy?.replyPrefix !== undefined && isResponse(message)) {
      // An answer to a server→client request another instance's copy issued: send it there.
      const id = (message as { id?: RequestId }).id;
      const to = instanceOfReply(id);
      if (to !== undefined && !(id as string).startsWith(copy.replyPrefix)) {
        copy.sync.forward(this, message, to);
        return;
      }
    }
    this.onmessage?.(message, extra);
    const cancelled = cancelledRequestId(message);
    if (cancelled !== undefined && cancelled !== this.initializeId) this.dropAnswer(cancelled);
    if (copy !== null && (message as { method?: unknown }).method === 'notifications/initialized')
      return copy.sync.changed(this, INITIALIZED);
  }

  /**
   * A cancelled request gets no response (MCP 2025-11-25, cancellation), so its answer channel
   * would wait forever: it held its stream and socket objects and kept the session busy (never
   * idle-expired, drained for the whole window on shutdown) — about 6 KB per cancelled call
   * (measured by the memory check of the hostile-client specs). The session has aborted the work by now; a response racing the
   * cancellation finds no channel and is dropped, as the client ignores it anyway.
   */
  private dropAnswer(id: RequestId): void {
    const channel = this.inflight.get(id);
    if (channel === undefined) return;
    this.forgetAnswer(id);
    this.writes?.drop(id);
    this.appendsOf?.delete(id);
    channel.cancel();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (this.closed) return;
    if (isResponse(message)) {
      const id = (message as { id?: RequestId }).id;
      const channel = id === undefined ? undefined : this.inflight.get(id);
      // A response belongs on its request's answer and nowhere else; the GET stream never
      // carries responses (MCP 2025-11-25, transports §Listening for Messages from the Server).
      if (channel === undefined || id === undefined) return;
      this.forgetAnswer(id);
      const appends = this.appendsOf?.get(id);
      if (appends !== undefined) {
        this.appendsOf!.delete(id);
        // The events the handler raised are stored before the client hears the answer (bounded by appendWaitMs).
        await appendsSettled(appends, this.options.appendWaitMs);
      }
      const stored = this.writes?.store(id, message);
      // The state is stored before the answer goes out: the next request may land anywhere.
      const ok =
        stored === undefined ||
        (await stored.then(
          () => true,
          () => false,
        ));
      const answer = ok ? message : storeFailure(id);
      if (id !== this.initializeId) return channel.deliver(answer, true);
      // A failed initialize opens nothing: its answer names no session, and the session closes.
      channel.deliver(answer, true, 'error' in answer ? BARE_JSON_HEADERS : this.jsonHeaders);
      this.afterInitialize(answer, !ok);
      return;
    }
    const related = options?.relatedRequestId;
    if (related !== undefined) {
      const channel = this.inflight.get(related);
      if (channel !== undefined) {
        channel.deliver(message, false);
        return;
      }
      // The request was answered already: a late notification has nowhere to go, but a
      // server→client request can still be answered over the GET stream.
      if (!isRequest(message)) return;
    }
    if (isRequest(message)) this.answers.asked(message);
    if (this.events !== null) return this.toEventStream(this.events, message, options?.eventKey);
    // Without an event store one copy writes the session's GET stream (see docs/ARCHITECTURE.md,
    // "Many instances"): the others leave broadcasts to it and send it what only they have.
    if (!this.holdsStandalone) {
      if (this.copy !== null && !isBroadcast(message)) this.copy.sync.toStream(this, message);
      return;
    }
    this.pushToStream(message);
  }

  /**
   * A message for the session's GET stream with an event store: stored whether or not any
   * instance holds the stream's connection, so a client resuming with `Last-Event-ID` gets it.
   */
  private toEventStream(events: SessionEventStream, message: JSONRPCMessage, eventKey: string | undefined): Promise<void> {
    const copy = this.copy;
    if (copy === null) return events.push(message);
    if (isBroadcast(message)) {
      // Every copy hears a bus broadcast and offers it under the broadcast's key: the store keeps it once.
      if (eventKey !== undefined && this.options.store?.appendOnce !== undefined) return events.pushOnce(eventKey, message);
      // An instance-local change (each instance tells its own copies) or a store that cannot tell: the holder alone.
      return this.holdsStandalone ? events.push(message) : Promise.resolve();
    }
    // What only this copy has (a late log, a task status, a server→client request): stored here,
    // then the holder, wherever it is, is told to read it.
    const pushed = events.push(message);
    if (this.holdsStandalone) return pushed;
    return pushed.then(() => copy.sync.appended(this));
  }

  /** Writes `message` on the session's GET stream if this copy writes it (a message forwarded by another copy). */
  pushToStream(message: JSONRPCMessage): void {
    if (!this.holdsStandalone || this.closed) return;
    if (this.standalone !== null) this.standalone.push(message, encodeJsonRpc(message), false);
    else void this.events?.push(message);
  }

  /** Another copy appended to the session's GET stream in the event store: write what is new, if the connection is here. */
  wakeStream(): void {
    if (!this.closed) this.events?.wake();
  }

  /** The session ends everywhere (DELETE): closing drops its streams from the event store. */
  forgetStreams(): void {
    this.forgetsStreams = true;
  }

  /**
   * Another instance's copy now writes the GET stream (a client opened or resumed it there):
   * stop writing it here and end the connection this copy still had, so one stream has one writer.
   */
  releaseStandalone(): void {
    if (!this.holdsStandalone) return;
    this.holdsStandalone = false;
    this.standalone?.detach();
    this.events?.detach();
  }

  /** Opens the GET stream on `responder`; false if a connection already holds it (409). */
  openStandalone(responder: HttpResponder): boolean {
    if (this.standalone?.isAttached === true || this.events?.isAttached === true) return false;
    this.claimStandalone();
    const connection = this.connect(responder);
    if (this.events !== null) this.events.attach(connection, this.primes);
    else this.standalone?.attach(connection, this.primes);
    return true;
  }

  /**
   * Resumes the stream `lastEventId` belongs to on `responder` (MCP 2025-11-25, transports
   * §Resumability): only a stream of this session, and only its own events. `unknown`: the id
   * is not one of this session's live or retained events (never issued, another session's, or
   * evicted); `unavailable`: the event store failed. Nothing is written to `responder` unless `resumed`.
   */
  async resume(responder: HttpResponder, lastEventId: string): Promise<'resumed' | 'unknown' | 'unavailable'> {
    const store = this.options.store;
    if (store === null) return 'unknown';
    let streamId: string | undefined;
    try {
      streamId = await store.streamOf(lastEventId);
    } catch (error) {
      this.options.onError(error instanceof Error ? error : new Error(String(error)));
      return 'unavailable';
    }
    if (streamId === undefined || !streamId.startsWith(`${this.streamPrefix}.`) || this.closed) return 'unknown';
    const connection = this.connect(responder);
    if (this.events !== null && streamId === this.standaloneId) {
      this.claimStandalone();
      await this.events.resume(connection, lastEventId);
      return 'resumed';
    }
    const live = this.streams.get(streamId);
    if (live !== undefined) {
      if (live === this.standalone) this.claimStandalone();
      await live.resume(connection, lastEventId);
      return 'resumed';
    }
    // The stream has ended (its response was stored): replay what the client missed, then end.
    await store.replayAfter(lastEventId, (id, message) => connection.event(id, encodeJsonRpc(message)));
    connection.end();
    return 'resumed';
  }

  private claimStandalone(): void {
    if (this.copy === null) return;
    this.holdsStandalone = true;
    this.copy.sync.claimed(this);
  }

  openRequestStream(responder: HttpResponder, prime: boolean): SseStream {
    const stream = this.createStream(`${this.streamPrefix}.${this.streamTag}${this.nextStream++}`);
    stream.attach(this.connect(responder), prime);
    return stream;
  }

  /**
   * Closes this transport. `forget` (the default when this process alone serves the session, or
   * after `forgetStreams`): the session ended, its streams are dropped from the event store;
   * otherwise only this instance's copy closes: its request streams end and the session's GET
   * stream stays, resumable on the instances still serving the session.
   */
  async close(forget = this.forgetsStreams): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Every request gets exactly one answer: those still open get an error.
    for (const [id, channel] of this.inflight) {
      channel.deliver(
        { jsonrpc: '2.0', id, error: { code: WireErrorCode.ConnectionClosed, message: 'Session closed before the request was answered' } },
        true,
      );
    }
    this.inflight.clear();
    this.answered.wake();
    this.appendsOf?.clear();
    this.answers.clear();
    for (const stream of [...this.streams.values()]) stream.detach();
    this.standalone?.detach();
    this.events?.detach();
    const store = this.options.store;
    // A closed session's streams can never be resumed (its id now answers 404): the store may
    // drop them at once instead of keeping them for a late resume (bounded memory per closed session).
    if (store !== null) {
      const ids = this.events === null ? [...this.streams.keys()] : [...this.streams.keys(), this.standaloneId];
      for (const id of ids) {
        // Only this copy closes: its request streams end (a late resume may still read them); the GET stream is the session's.
        if (!forget && id === this.standaloneId) continue;
        void Promise.resolve(forget && store.forgetStream !== undefined ? store.forgetStream(id) : store.endStream(id)).catch(
          () => undefined,
        );
      }
    }
    this.streams.clear();
    this.onClosed(this);
    this.onclose?.();
  }

  private initializing(message: JSONRPCRequest): void {
    this.initializeId = message.id;
    // Priming follows the version the session speaks, not each request's header: clients may
    // send an older MCP-Protocol-Version on a request than the one they initialized with.
    const requested = (message.params as { protocolVersion?: unknown } | undefined)?.protocolVersion;
    this.primes = this.options.priming && supportsPriming(negotiateProtocolVersion(typeof requested === 'string' ? requested : ''));
  }

  private afterInitialize(message: JSONRPCMessage, storeFailed: boolean): void {
    this.initializeId = undefined;
    this.opened = true;
    if (!('error' in message)) return;
    // A failed initialize opens nothing: the session is dropped here (its id answers 404), and a
    // store write that failed late (timed out, yet applied) is undone, as far as the store lets.
    if (storeFailed) this.copy?.sync.abandoned(this);
    void this.close(true);
  }

  private createStream(id: string): SseStream {
    const stream = new SseStream(id, this.options.store, (ended) => this.streams.delete(ended.id));
    this.streams.set(id, stream);
    return stream;
  }

  private connect(responder: HttpResponder): SseConnection {
    return new SseConnection(responder.openStream(this.sseHeaders), this.options.timing);
  }
}
