import { lookupKey, newSessionId, sameSecret } from './session-id';
import type { HttpSessionTransport } from './http-session.transport';

/**
 * The live stateful sessions of one handler: lookup in constant time with respect to the
 * secret part of the id, a cap on how many exist, and idle expiry by one shared timer
 * (no timer per session).
 */
export class SessionStore {
  private readonly byKey = new Map<string, HttpSessionTransport>();
  /** How many sessions were ever added, and when each was (in that count): what `liveAt` compares. */
  private added = 0;
  private readonly addedAs = new WeakMap<HttpSessionTransport, number>();
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly maxSessions: number,
    private readonly idleTimeoutMs: number,
  ) {}

  get size(): number {
    return this.byKey.size;
  }

  get full(): boolean {
    return this.byKey.size >= this.maxSessions;
  }

  /** A fresh, unused session id. */
  newId(): string {
    for (;;) {
      const id = newSessionId();
      if (!this.byKey.has(lookupKey(id) as string)) return id;
    }
  }

  add(session: HttpSessionTransport): void {
    this.addedAs.set(session, ++this.added);
    this.byKey.set(lookupKey(session.sessionId) as string, session);
    this.startSweeper();
  }

  /** The live session with exactly this id, or undefined. */
  find(id: string): HttpSessionTransport | undefined {
    const key = lookupKey(id);
    if (key === undefined) return undefined;
    const session = this.byKey.get(key);
    return session !== undefined && sameSecret(session.sessionId, id) ? session : undefined;
  }

  /** The live session whose id's non-secret part is `key` (how other instances name it on the bus). */
  findByKey(key: string): HttpSessionTransport | undefined {
    return this.byKey.get(key);
  }

  /** This moment, for `liveAt`: a session added from now on is later than it. */
  get mark(): number {
    return this.added;
  }

  /** The live session whose key is `key` if it was already live here at `mark` (it heard what happened then). */
  liveAt(key: string, mark: number): HttpSessionTransport | undefined {
    const session = this.byKey.get(key);
    return session !== undefined && (this.addedAs.get(session) ?? Infinity) <= mark ? session : undefined;
  }

  remove(session: HttpSessionTransport): void {
    const key = lookupKey(session.sessionId) as string;
    if (this.byKey.get(key) === session) this.byKey.delete(key);
    if (this.byKey.size === 0) this.stopSweeper();
  }

  /** Every live session (a snapshot). */
  all(): HttpSessionTransport[] {
    return [...this.byKey.values()];
  }

  /** Sessions idle for longer than the timeout at `now`. */
  idle(now: number): HttpSessionTransport[] {
    const idle: HttpSessionTransport[] = [];
    for (const session of this.byKey.values()) {
      if (session.busy) session.lastActivity = now;
      else if (now - session.lastActivity > this.idleTimeoutMs) idle.push(session);
    }
    return idle;
  }

  /** Runs `expire` on idle sessions periodically while any session exists. */
  onIdle(expire: (sessions: HttpSessionTransport[]) => void): void {
    this.expire = expire;
  }

  stopSweeper(): void {
    if (this.sweeper !== undefined) clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  private expire: (sessions: HttpSessionTransport[]) => void = () => undefined;

  private startSweeper(): void {
    if (this.sweeper !== undefined || this.idleTimeoutMs === 0) return;
    const every = Math.max(10, Math.min(this.idleTimeoutMs / 2, 30_000));
    this.sweeper = setInterval(() => {
      const idle = this.idle(Date.now());
      if (idle.length > 0) this.expire(idle);
    }, every).unref();
  }
}
