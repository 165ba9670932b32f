import type { ServerSession } from './server-session';

/**
 * The set of sessions an application keeps (for broadcasts and graceful shutdown), as a
 * session sees it. A session adds itself and removes itself once closed and its scope was
 * disposed; `draining` refuses new requests on every session, including ephemeral ones that
 * never enlisted.
 */
export interface SessionRegistry {
  /** True once the application is shutting down: new requests are answered -32000. */
  readonly draining: boolean;
  add(session: ServerSession): void;
  delete(session: ServerSession): void;
}
