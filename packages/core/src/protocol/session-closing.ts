import { abortReasons } from '../context/active-request-context';
import type { SessionScope } from '../context/request-context';
import { WireErrorCode } from '../errors/wire-error-codes';
import { errorResponse } from '../jsonrpc/json-rpc-errors';
import type { Transport } from '../transport/transport';
import type { InflightRequests } from './inflight-requests';
import type { OutgoingRequests } from './outgoing-requests';
import type { ServerLogger } from './server-logger';
import type { SessionOutbox } from './session-outbox';

/**
 * The steps of ending a session, none of which may throw or leave a request silent. The abort
 * reason (an Error with a stack) is built only when something is waiting: stateless HTTP
 * closes a session per request, and an unconditional allocation cost ~10% of its CPU.
 */

/** `close()` on purpose: every request still in flight is answered -32000 and its signal aborts. */
export function answerInflightClosed(inflight: InflightRequests, outbox: SessionOutbox): void {
  let reason: ReturnType<typeof abortReasons.closed> | undefined;
  for (const ctx of inflight.drain()) {
    ctx.abort((reason ??= abortReasons.closed()));
    outbox.respond(errorResponse(ctx.requestId, WireErrorCode.ConnectionClosed, 'The session closed before the request finished'), ctx);
  }
}

/** The transport is gone: what still runs is aborted and server→client requests are rejected (nothing can be answered). */
export function abortWaiting(inflight: InflightRequests | undefined, outgoing: OutgoingRequests | undefined): void {
  const running = inflight === undefined ? undefined : inflight.drain();
  if ((running === undefined || running.length === 0) && (outgoing === undefined || outgoing.size === 0)) return;
  const reason = abortReasons.closed();
  for (const ctx of running ?? []) ctx.abort(reason);
  outgoing?.rejectAll(reason);
}

/** Closes the transport, then runs `then`; a throw, a rejection or a missing promise is logged and treated like a clean close. */
export function closeTransportThen(transport: Transport, logger: ServerLogger, then: () => Promise<void>): Promise<void> {
  let closed: Promise<void>;
  try {
    // Promise.resolve: a foreign transport may return nothing; a native promise passes through as is.
    closed = Promise.resolve(transport.close());
  } catch (error) {
    closed = Promise.reject(error);
  }
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
  return disposing.then(then, (error: unknown) => {
    logger.error('disposing the session scope failed', error);
    then();
  });
}
