import type { ArmatureErrorCode } from '@armature/di';

/**
 * Local error codes raised by the protocol engine to handler code (never sent on the wire
 * as such). Part of core's one registry of local codes: `LocalErrorCode` includes these.
 */
export const EngineErrorCode = {
  /** `elicit`/`sample`/`listRoots` when the client did not declare the capability (or mode) it needs. */
  CLIENT_CAPABILITY_MISSING: 'ARM_ERR_CLIENT_CAPABILITY_MISSING',
  /** The client answered a server→client request with a JSON-RPC error. */
  CLIENT_REQUEST_FAILED: 'ARM_ERR_CLIENT_REQUEST_FAILED',
  /** The client answered a server→client request with a result of the wrong shape. */
  CLIENT_RESPONSE_INVALID: 'ARM_ERR_CLIENT_RESPONSE_INVALID',
  /** The request was cancelled by the client (`notifications/cancelled`); the `signal` reason. */
  REQUEST_CANCELLED: 'ARM_ERR_REQUEST_CANCELLED',
  /** The request passed its deadline; the `signal` reason. */
  REQUEST_TIMEOUT: 'ARM_ERR_REQUEST_TIMEOUT',
  /** The session or its transport closed; the `signal` reason and the rejection of pending client requests. */
  SESSION_CLOSED: 'ARM_ERR_SESSION_CLOSED',
  /** A server→client request before the client sent `notifications/initialized`, or after the request finished. */
  SESSION_NOT_READY: 'ARM_ERR_SESSION_NOT_READY',
  /** `ServerSession.start()` called twice, or engine options out of range. */
  SESSION_MISUSE: 'ARM_ERR_SESSION_MISUSE',
  /**
   * MCP 2026-07-28: a question (`elicit`, `sample`, `listRoots`) ended this attempt of the request
   * with `input_required`; the client answers and retries, and the handler runs again. The
   * rejection of the pending question and the `signal` reason; rethrow it if you catch it.
   */
  INPUT_REQUIRED: 'ARM_ERR_INPUT_REQUIRED',
  /** MCP 2026-07-28: a question asked outside `tools/call`, `prompts/get` and `resources/read`. */
  INPUT_NOT_ALLOWED: 'ARM_ERR_INPUT_NOT_ALLOWED',
} as const satisfies Record<string, ArmatureErrorCode>;

/** One of the engine's local error codes. */
export type EngineErrorCode = (typeof EngineErrorCode)[keyof typeof EngineErrorCode];
