import type { JSONRPCMessage } from '@armature/core/wire/2025-11-25';
import { encodeJsonRpc } from '@armature/core/internal';
import type { EventStore } from '../events/event-store';
import { ConnectionSlot } from './connection-slot';
import type { SseConnection } from './sse-connection';

/** An event waiting for a connection: id (if stored), JSON text, and whether it ends the stream. */
type Pending = [id: string | undefined, json: string, final: boolean];

/** Messages kept for a stream that has never had a connection (the GET stream before it opens). */
const MAX_EARLY_EVENTS = 1000;

/**
 * One logical SSE stream (MCP 2025-11-25, transports §Multiple Connections): a POST request's
 * response stream or a session's GET stream. Each message is appended to the event store (if
 * any) before it is written, so a connection that drops can be replaced by a `GET` with
 * `Last-Event-ID` and nothing is lost or written twice. Messages of one stream are never
 * written to another stream's connection.
 */
export class SseStream {
  private readonly slot = new ConnectionSlot();
  /** Pending asynchronous store operations, in order; `null` when none. */
  private tail: Promise<void> | null = null;
  /** While a resume replays, live events wait here. */
  private replaying: Pending[] | null = null;
  /** Events sent before the first connection ever attached. */
  private early: Pending[] | null = [];
  private ended = false;

  /**
   * @param id stream id, unique within the session (the store's key).
   * @param store where events are kept for resumption; `null` when resumability is off.
   * @param onEnd called once when the final message has been stored and written (or dropped).
   */
  constructor(
    readonly id: string,
    private readonly store: EventStore | null,
    private readonly onEnd: (stream: SseStream) => void,
  ) {}

  /** True once the stream's final message has been sent. */
  get isEnded(): boolean {
    return this.ended;
  }

  /** True while some connection is attached. */
  get isAttached(): boolean {
    return this.slot.current !== null;
  }

  /** Sends one message; `final` ends the stream after it (a request's response). */
  push(message: JSONRPCMessage, json: string, final: boolean): void {
    if (this.store === null) {
      this.emit(undefined, json, final);
      return;
    }
    let appended: string | Promise<string>;
    try {
      appended = this.store.append(this.id, message);
    } catch {
      appended = '';
    }
    this.inOrder(appended, (id) => this.emit(id === '' ? undefined : id, json, final));
  }

  /**
   * Attaches a fresh connection (no `Last-Event-ID`): writes a priming event when `prime`, then
   * any messages sent before the first connection. Replaces a previous connection.
   */
  attach(connection: SseConnection, prime: boolean): void {
    this.slot.take(connection);
    const early = this.early;
    this.early = null;
    if (early !== null) for (const [id, json, final] of early) this.write(connection, id, json, final);
    if (prime && this.store !== null && !this.ended) {
      let position: string | Promise<string>;
      try {
        position = this.store.position(this.id);
      } catch {
        return;
      }
      this.inOrder(position, (id) => {
        if (this.slot.current === connection && id !== '') connection.prime(id);
      });
    }
  }

  /**
   * Attaches a connection that resumes after `lastEventId`: replays the stored events that
   * follow it, then continues live. Events arriving during the replay are written after it,
   * skipping any the replay already carried.
   */
  async resume(connection: SseConnection, lastEventId: string): Promise<void> {
    const store = this.store;
    if (store === null) return this.attach(connection, false);
    this.slot.take(connection);
    this.early = null;
    const buffered: Pending[] = [];
    this.replaying = buffered;
    const seen = new Set<string>();
    // Re-state the client's position first: a client that then sees no new event still holds
    // a usable Last-Event-ID when this connection closes (the SDK client keeps the last id per
    // connection, not per stream).
    connection.prime(lastEventId);
    try {
      while (this.tail !== null) await this.tail;
      await store.replayAfter(lastEventId, (id, message) => {
        seen.add(id);
        if (this.slot.current === connection) connection.event(id, encodeJsonRpc(message));
      });
      // The replay appended to the tail meanwhile; TypeScript still narrows it to null from the loop above.
      // eslint-disable-next-line @typescript-eslint/await-thenable
      while (this.tail !== null) await this.tail;
    } finally {
      this.replaying = null;
    }
    for (const [id, json, final] of buffered) {
      if (id !== undefined && seen.has(id)) {
        if (final && this.slot.current === connection) connection.end();
        continue;
      }
      this.write(connection, id, json, final);
    }
  }

  /**
   * Ends the stream without a final message, closing its connection: its request was
   * cancelled, so no response will come (MCP 2025-11-25, cancellation).
   */
  cancel(): void {
    this.detach();
    this.early = null;
    this.end(true);
  }

  /** Closes the current connection, if any, without ending the stream. */
  detach(): void {
    this.slot.release();
  }

  private emit(id: string | undefined, json: string, final: boolean): void {
    if (this.replaying !== null) this.replaying.push([id, json, final]);
    else if (this.slot.current !== null) this.write(this.slot.current, id, json, final);
    else if (this.early !== null) {
      this.early.push([id, json, final]);
      if (this.early.length > MAX_EARLY_EVENTS) this.early.shift();
    }
    if (final) this.end();
  }

  private write(connection: SseConnection, id: string | undefined, json: string, final: boolean): void {
    if (this.slot.current !== connection) return;
    connection.event(id, json);
    if (final) connection.end();
  }

  /** Marks the stream ended, once; `forget` (a cancelled request) lets the store drop it at once. */
  private end(forget = false): void {
    if (this.ended) return;
    this.ended = true;
    const store = this.store;
    if (store !== null) {
      try {
        const ending = forget && store.forgetStream !== undefined ? store.forgetStream(this.id) : store.endStream(this.id);
        void Promise.resolve(ending).catch(() => undefined);
      } catch {
        // A failing store must not break delivery.
      }
    }
    this.onEnd(this);
  }

  /** Runs `apply` with the store's answer, keeping the order of calls even when it is async. */
  private inOrder(value: string | Promise<string>, apply: (id: string) => void): void {
    if (this.tail === null && typeof value === 'string') {
      apply(value);
      return;
    }
    const previous = this.tail ?? Promise.resolve();
    const next: Promise<void> = previous
      .then(() => value)
      .then(apply, () => apply(''))
      .finally(() => {
        if (this.tail === next) this.tail = null;
      });
    this.tail = next;
  }
}
