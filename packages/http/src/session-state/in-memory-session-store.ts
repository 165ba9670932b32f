import type { SessionChange } from '@armature/core/internal';
import type { ListKind } from '@armature/core/ports';
import type { IndexedSession, SessionStateStore, StoredSession } from './session-state-store';

/**
 * The default `SessionStateStore`: this process only, nothing to configure. Not shared, so the
 * transport never writes to it (a session lives where it was opened); it implements the port's
 * contract in full for code that uses a store directly. `get` honours the TTL; no timer runs.
 */
export class InMemorySessionStore implements SessionStateStore {
  readonly shared = false;
  private readonly sessions = new Map<string, { session: StoredSession; expiresAt: number }>();
  private readonly maxFanOut: number;

  /** `maxFanOut`: most sessions `subscribersOf` or `sessionsServed` names for one broadcast (default 1 000, as `RedisSessionStore`). */
  constructor(options: { readonly maxFanOut?: number } = {}) {
    this.maxFanOut = options.maxFanOut ?? 1000;
    if (!Number.isInteger(this.maxFanOut) || this.maxFanOut < 0)
      throw new RangeError('InMemorySessionStore: maxFanOut must be a whole number ≥ 0');
  }

  create(session: StoredSession, ttlMs: number): void {
    this.sessions.set(session.id, { session, expiresAt: expiry(ttlMs) });
  }

  get(id: string): StoredSession | undefined {
    const entry = this.sessions.get(id);
    if (entry === undefined) return undefined;
    if (Date.now() > entry.expiresAt) {
      this.sessions.delete(id);
      return undefined;
    }
    return entry.session;
  }

  touch(id: string, ttlMs: number): boolean {
    const entry = this.get(id) === undefined ? undefined : this.sessions.get(id);
    if (entry === undefined) return false;
    entry.expiresAt = expiry(ttlMs);
    entry.session = { ...entry.session, lastSeenAt: Date.now() };
    return true;
  }

  change(id: string, change: SessionChange, ttlMs: number): void {
    const entry = this.get(id) === undefined ? undefined : this.sessions.get(id);
    if (entry === undefined) return;
    entry.session = { ...applyChange(entry.session, change), lastSeenAt: Date.now() };
    entry.expiresAt = expiry(ttlMs);
  }

  delete(id: string): void {
    this.sessions.delete(id);
  }

  /** The subscription index, read from the sessions themselves (at most `maxFanOut`). */
  subscribersOf(uri: string): IndexedSession[] {
    return this.find((session) => session.subscriptions.includes(uri));
  }

  /** The index of all stored sessions told `list`'s changes, read from the sessions themselves (at most `maxFanOut`). */
  sessionsServed(list: ListKind): IndexedSession[] {
    return this.find((session) => session.lists?.includes(list) === true);
  }

  /** Gives a session stored without `lists` the lists it is told (once; see `SessionStateStore.indexLists`). */
  indexLists(id: string, lists: readonly ListKind[], ttlMs: number): void {
    const entry = this.get(id) === undefined ? undefined : this.sessions.get(id);
    if (entry === undefined || entry.session.lists !== undefined) return;
    entry.session = { ...entry.session, lists: [...lists] };
    entry.expiresAt = expiry(ttlMs);
  }

  /** Live sessions matching `test` (expired ones dropped on the way), at most `maxFanOut`. */
  private find(test: (session: StoredSession) => boolean): IndexedSession[] {
    const found: IndexedSession[] = [];
    if (this.maxFanOut === 0) return found;
    for (const id of [...this.sessions.keys()]) {
      const session = this.get(id);
      if (session === undefined || !test(session)) continue;
      found.push({ key: session.key ?? '', streamPrefix: session.streamPrefix });
      if (found.length >= this.maxFanOut) break;
    }
    return found;
  }

  /** Number of sessions held (tests, metrics). */
  get size(): number {
    return this.sessions.size;
  }
}

function expiry(ttlMs: number): number {
  return ttlMs === 0 ? Number.POSITIVE_INFINITY : Date.now() + ttlMs;
}

/** `session` with `change` applied (a new object). */
export function applyChange(session: StoredSession, change: SessionChange): StoredSession {
  let subscriptions = session.subscriptions;
  if (change.subscribe !== undefined && !subscriptions.includes(change.subscribe)) subscriptions = [...subscriptions, change.subscribe];
  if (change.unsubscribe !== undefined) subscriptions = subscriptions.filter((uri) => uri !== change.unsubscribe);
  return { ...session, ...(change.logLevel === undefined ? {} : { logLevel: change.logLevel }), subscriptions };
}
