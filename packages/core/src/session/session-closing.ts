import type { SessionScope } from '../context/request-context';
import type { Transport } from '../transport/transport';
import type { ServerLogger } from '../logging/server-logger';
import { SENT } from '../transport/sent';

/**
 * The steps of ending a session's connection, none of which may throw. (Answering or aborting
 * the requests still running is `SessionExchanges.closeAll` / `abortAll`.)
 */

/** Closes the transport, then runs `then`; a throw, a rejection or a missing promise is logged and treated like a clean close. */
export function closeTransportThen(transport: Transport, logger: ServerLogger, then: () => Promise<void>): Promise<void> {
  let closed: Promise<void>;
  try {
    // Promise.resolve: a foreign transport may return nothing; a native promise passes through as is.
    closed = Promise.resolve(transport.close());
  } catch (error) {
    closed = Promise.reject(error);
  }
  // A transport that closed at once (our stateless HTTP exchange): no promise reaction to wait for.
  if (closed === SENT) return then();
  return closed.then(then, (error: unknown) => {
    logger.warn('transport close failed', error);
    return then();
  });
}

const RESOLVED: Promise<void> = Promise.resolve();

/** Disposes `scope` (a failure is logged), then calls `then`; at once when there is no scope. */
export function disposeScopeThen(scope: SessionScope | undefined, logger: ServerLogger, then: () => void): Promise<void> {
  if (scope === undefined) {
    then();
    return RESOLVED;
  }
  let disposing: Promise<void>;
  try {
    disposing = scope.dispose();
  } catch (error) {
    disposing = Promise.reject(error);
  }
  if (disposing === SENT) {
    // A scope that had nothing to dispose.
    then();
    return RESOLVED;
  }
  return disposing.then(then, (error: unknown) => {
    logger.error('disposing the session scope failed', error);
    then();
  });
}
