import type { HttpResponder } from '../exchange/http-exchange';
import { codeForStatus, errorBody } from '../protocol/http-error';

/**
 * Answers a transport-level refusal: the HTTP status carries the rule, the body is a
 * JSON-RPC error saying which one.
 */
export function refuse(
  res: HttpResponder,
  status: number,
  message: string,
  extraHeaders?: readonly string[],
  code = codeForStatus(status),
): void {
  const headers = extraHeaders === undefined ? JSON_ONLY : ['content-type', 'application/json', ...extraHeaders];
  res.send(status, headers, errorBody(code, message));
}

const JSON_ONLY: readonly string[] = ['content-type', 'application/json'];

/** The 404 of a session id this server does not serve (never held, ended, or another principal's). */
export const UNKNOWN_SESSION = 'Not Found: unknown or ended session; initialize a new one';

/** 503 + Retry-After: the server is draining and takes no new work. */
export function shuttingDown(res: HttpResponder): void {
  refuse(res, 503, 'Service Unavailable: the server is shutting down', ['retry-after', '5']);
}

/** 202 Accepted, no body: a notification or response was received (transports §Sending Messages). */
export function accepted(res: HttpResponder): void {
  res.send(202, EMPTY, undefined);
}

const EMPTY: readonly string[] = [];

/** 400: the `MCP-Protocol-Version` header names a version this endpoint does not serve. */
export function unsupportedVersion(res: HttpResponder): void {
  refuse(res, 400, 'Bad Request: unsupported MCP-Protocol-Version');
}
