import type { ListKind } from '../protocol/server-features';
import type { ServerLogger } from '../logging/server-logger';
import type { RegisteredSession, SessionRegistry } from '../protocol/session-registry';

/**
 * The live sessions of an app. Broadcasts go from here to each session, so a session holds
 * no listener registrations and an idle one costs nothing to keep. Sessions add and remove
 * themselves (`SessionRegistry`); an ephemeral one (a stateless HTTP exchange) is here only
 * while a request of it runs asynchronously, which is all a graceful shutdown must wait for.
 */
export class SessionSet implements SessionRegistry {
  /** Set when the app starts shutting down: every session, listed here or not, refuses new requests. */
  draining = false;
  private readonly sessions = new Set<RegisteredSession>();

  constructor(private readonly logger: ServerLogger) {}

  get size(): number {
    return this.sessions.size;
  }

  /** Every live session, as a snapshot. */
  all(): RegisteredSession[] {
    return [...this.sessions];
  }

  add(session: RegisteredSession): void {
    this.sessions.add(session);
  }

  delete(session: RegisteredSession): void {
    this.sessions.delete(session);
  }

  /** Sends `notifications/<kind>/list_changed` to every session (each checks it is ready). */
  listChanged(kind: ListKind, eventKey?: string): void {
    for (const session of this.sessions)
      void session.notifyListChanged(kind, eventKey).catch((e: unknown) => this.logger.warn(`list_changed (${kind}) failed`, e));
  }

  /** Sends `notifications/resources/updated` to the sessions subscribed to `uri`. */
  resourceUpdated(uri: string, eventKey?: string): void {
    for (const session of this.sessions)
      void session.notifyResourceUpdated(uri, eventKey).catch((e: unknown) => this.logger.warn('resources/updated failed', e));
  }

  /** Closes every session (in-flight requests are answered -32000). */
  async closeAll(): Promise<void> {
    await Promise.allSettled([...this.sessions].map((s) => s.close()));
    this.sessions.clear();
  }

  /** Ends every session still listed (its close did not finish in the window) without waiting for its transport. */
  async abandonAll(): Promise<void> {
    await Promise.allSettled([...this.sessions].map((s) => s.abandon()));
  }
}
