import type { ListKind } from './server-features';

/**
 * A member of the registry: a 2025 `ServerSession`, or a 2026 `subscriptions/listen` stream.
 * Each receives the app's broadcasts and takes part in a graceful shutdown.
 */
export interface RegisteredSession {
  /** `eventKey`: the broadcast's key when it came over the bus (see `TransportSendOptions.eventKey`). */
  notifyListChanged(kind: ListKind, eventKey?: string): Promise<void>;
  notifyResourceUpdated(uri: string, eventKey?: string): Promise<void>;
  drain(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
  /**
   * Ends the session now, without waiting for its transport to finish closing (a shutdown whose
   * window is over): what it holds is released before the container's `onShutdown` hooks run.
   */
  abandon(): Promise<void>;
}

/**
 * The set of sessions an application keeps (for broadcasts and graceful shutdown), as a
 * session sees it. A session adds itself and removes itself once closed and its scope was
 * disposed; `draining` refuses new requests on every session, including ephemeral ones that
 * never enlisted.
 */
export interface SessionRegistry {
  /** True once the application is shutting down: new requests are answered -32000. */
  readonly draining: boolean;
  add(session: RegisteredSession): void;
  delete(session: RegisteredSession): void;
}
