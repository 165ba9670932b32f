import type { JSONRPCMessage } from '@armature/core/wire/2025-11-25';
import { encodeJsonRpc } from '@armature/core/internal';
import type { EventStore } from '../events/event-store';
import { noteAppend } from '../events/answer-appends';
import { ConnectionSlot } from './connection-slot';
import type { SseConnection } from './sse-connection';

/**
 * A 2025 session's GET stream when an event store is configured: the store is its source of
 * truth. Any copy of the session appends to it (this one, or a copy on another instance), whether
 * or not a client is connected; the copy holding the client's connection writes only what it
 * reads back from the store after the last event it wrote. So events reach the client in the
 * store's order, each once, however many producers append, and a client that was away resumes
 * with `Last-Event-ID` and gets what was appended meanwhile (within the store's retention).
 */
export class SessionEventStream {
  private readonly slot = new ConnectionSlot();
  /** The last event id written to `connection` (or the position it started from); `null` while unknown. */
  private cursor: string | null = null;
  /** The read in progress, if any; `again` asks for one more after it. */
  private reading: Promise<void> | null = null;
  private again = false;
  /** Appends in progress, in order (an asynchronous store answers later). */
  private appending: Promise<unknown> | null = null;
  /** The first event this copy appended while no connection had ever attached (`null` once one has). */
  private early: { id: string; message: JSONRPCMessage } | undefined | null;

  /**
   * @param id the stream id (`<prefix>.0`), the store's key.
   * @param opening whether this copy opened the session (it alone can know the client never listened yet).
   * @param track told of each append under way (a shutdown waits for them, requests or not).
   */
  constructor(
    readonly id: string,
    private readonly store: EventStore,
    private readonly onError: (error: Error) => void,
    opening: boolean,
    private readonly track: ((append: Promise<unknown>) => void) | undefined = undefined,
  ) {
    this.early = opening ? undefined : null;
  }

  /** True while a client connection is attached here. */
  get isAttached(): boolean {
    return this.slot.current !== null;
  }

  /** Appends `message`, then writes what is new to the connection, if any. */
  push(message: JSONRPCMessage): Promise<void> {
    return this.appendThen(() => this.store.append(this.id, message), message);
  }

  /** `push` once per `key` across every copy (a broadcast every copy hears); `push` when the store cannot tell. */
  pushOnce(key: string, message: JSONRPCMessage): Promise<void> {
    const store = this.store;
    if (store.appendOnce === undefined) return this.push(message);
    return this.appendThen(() => store.appendOnce!(this.id, key, message), message);
  }

  /** Another copy appended to the stream: write what is new. */
  wake(): void {
    void this.read();
  }

  /**
   * A fresh connection (no `Last-Event-ID`): it starts at the stream's current end, after a
   * priming event when `prime` — except the first connection this session ever had, which also
   * gets what this copy appended before the client listened.
   */
  attach(connection: SseConnection, prime: boolean): void {
    this.slot.take(connection);
    const early = this.early;
    this.early = null;
    if (early !== undefined && early !== null) {
      this.cursor = early.id;
      connection.event(early.id, encodeJsonRpc(early.message));
      if (prime) connection.prime(early.id);
      void this.read();
      return;
    }
    this.cursor = null;
    void this.settle(this.store.position(this.id)).then((position) => {
      if (this.slot.current !== connection || position === undefined) return;
      this.cursor = position;
      if (prime) connection.prime(position);
      return this.read();
    });
  }

  /** A connection resuming after `lastEventId` (checked to be this stream's): what follows it, then live. */
  async resume(connection: SseConnection, lastEventId: string): Promise<void> {
    this.slot.take(connection);
    this.early = null;
    this.cursor = lastEventId;
    // Re-state the client's position first: a client that then sees no new event still holds a
    // usable Last-Event-ID when this connection closes.
    connection.prime(lastEventId);
    await this.read();
  }

  /** Closes the current connection, if any; the stream goes on in the store. */
  detach(): void {
    this.slot.release();
  }

  private appendThen(append: () => string | undefined | Promise<string | undefined>, message: JSONRPCMessage): Promise<void> {
    const run = (): Promise<void> | void => {
      let appended: string | undefined | Promise<string | undefined>;
      try {
        appended = append();
      } catch (error) {
        this.report(error);
        return;
      }
      if (typeof appended !== 'object') return this.appended(appended, message);
      return appended.then(
        (id) => this.appended(id, message),
        (error: unknown) => this.report(error),
      );
    };
    // Keep this copy's appends in call order even when the store answers asynchronously.
    if (this.appending === null) {
      const done = run();
      if (done === undefined) return Promise.resolve();
      return this.note(this.inOrder(done));
    }
    return this.note(this.inOrder(this.appending.then(run)));
  }

  /** The request whose handler started the append waits for it; so does a shutdown. */
  private note(append: Promise<void>): Promise<void> {
    this.track?.(append);
    return noteAppend(append);
  }

  private inOrder(step: Promise<void>): Promise<void> {
    const next = step.finally(() => {
      if (this.appending === next) this.appending = null;
    });
    this.appending = next;
    return next;
  }

  private appended(id: string | undefined, message: JSONRPCMessage): Promise<void> | void {
    if (id !== undefined && this.early === undefined && this.slot.current === null) this.early = { id, message };
    if (this.slot.current !== null) return this.read();
  }

  /** Writes every stored event after the cursor to the connection; one read at a time. */
  private read(): Promise<void> {
    this.again = true;
    if (this.reading === null) this.reading = this.readLoop();
    return this.reading;
  }

  private async readLoop(): Promise<void> {
    // Start on a later tick, so `reading` is set before the loop can end; and clear it in the
    // same tick the loop sees no request for another pass: a read asked for between the two
    // would otherwise be lost (it sets `again` on a loop that has already decided to stop).
    await Promise.resolve();
    try {
      while (this.again) {
        this.again = false;
        const connection = this.slot.current;
        const from = this.cursor;
        if (connection === null || from === null) return;
        try {
          await this.store.replayAfter(from, (id, message) => {
            if (this.slot.current !== connection || this.cursor === null) return;
            connection.event(id, encodeJsonRpc(message));
            this.cursor = id;
          });
        } catch (error) {
          this.report(error);
          return;
        }
      }
    } finally {
      this.reading = null;
    }
  }

  private settle(value: string | Promise<string>): Promise<string | undefined> {
    return Promise.resolve(value).then(
      (id) => id,
      (error: unknown) => {
        this.report(error);
        return undefined;
      },
    );
  }

  private report(error: unknown): void {
    this.onError(error instanceof Error ? error : new Error(String(error)));
  }
}
