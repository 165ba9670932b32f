import type { SessionChange } from '@armature/core/internal';
import type { JSONRPCMessage, JSONRPCRequest, RequestId } from '@armature/core/wire/2025-11-25';
import { changeOf, openedFacts, type SessionSync, type SyncedSession } from './session-sync';

/**
 * The requests of one session copy whose success changes the stored session (its first
 * `initialize`, `logging/setLevel`, `resources/subscribe|unsubscribe`), and the writes their
 * answers wait for: the next request of the client may land on any instance.
 */
export class StateWrites {
  private pending: Map<RequestId, SessionChange | 'initialize'> | undefined;
  private initializeParams: unknown;

  constructor(
    private readonly sync: SessionSync,
    private readonly session: SyncedSession,
  ) {}

  /** Notes a request whose success must be stored (`opening`: the session's first initialize). */
  note(message: JSONRPCRequest, opening: boolean): void {
    if (opening) {
      this.initializeParams = message.params;
      (this.pending ??= new Map()).set(message.id, 'initialize');
      return;
    }
    const change = changeOf(message);
    if (change !== undefined) (this.pending ??= new Map()).set(message.id, change);
  }

  /**
   * Stores what the answer to request `id` changes: undefined when there is nothing to store or
   * the store answered synchronously, else the pending write (it may reject).
   */
  store(id: RequestId, answer: JSONRPCMessage): Promise<void> | undefined {
    const what = this.pending?.get(id);
    if (what === undefined) return undefined;
    this.pending!.delete(id);
    if ('error' in answer) return undefined;
    let written: void | Promise<void>;
    try {
      if (what === 'initialize') {
        const facts = openedFacts(this.initializeParams, (answer as { result?: unknown }).result);
        this.initializeParams = undefined;
        written = facts === undefined ? undefined : this.sync.opened(this.session, facts);
      } else {
        written = this.sync.changed(this.session, what);
      }
    } catch (error) {
      return Promise.reject(error);
    }
    return written instanceof Promise ? written : undefined;
  }

  /** A cancelled request is never answered: forget it. */
  drop(id: RequestId): void {
    this.pending?.delete(id);
  }
}
