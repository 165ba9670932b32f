import { defineErrors } from '@armature/di';

/**
 * Local error codes raised by the protocol engine to handler code (never sent on the wire as
 * such), with meaning and fix. Part of core's registry of local codes: `LocalErrorCode` includes these.
 */
export const ENGINE_ERRORS = defineErrors('@armature/core', 'Protocol engine (local errors raised to handler code)', {
  CLIENT_CAPABILITY_MISSING: {
    code: 'ARM_ERR_CLIENT_CAPABILITY_MISSING',
    meaning: '`elicit`/`sample`/`listRoots` when the client did not declare the capability (or mode) it needs.',
    fix: 'Check `ctx.clientCapabilities` before asking, and serve a fallback for clients without it.',
  },
  CLIENT_REQUEST_FAILED: {
    code: 'ARM_ERR_CLIENT_REQUEST_FAILED',
    meaning: 'The client answered a server→client request with a JSON-RPC error.',
    fix: "Catch the `ClientRequestError` and read its `error` (the client's code and message); the user may have declined.",
  },
  CLIENT_RESPONSE_INVALID: {
    code: 'ARM_ERR_CLIENT_RESPONSE_INVALID',
    meaning: 'The client answered a server→client request with a result of the wrong shape.',
    fix: "The client is at fault; catch the error and answer the tool call without the client's result.",
  },
  REQUEST_CANCELLED: {
    code: 'ARM_ERR_REQUEST_CANCELLED',
    meaning: 'The request was cancelled by the client (`notifications/cancelled`); the `signal` reason.',
    fix: 'Nothing to fix: stop the work when `ctx.signal` aborts and let the error propagate.',
  },
  REQUEST_TIMEOUT: {
    code: 'ARM_ERR_REQUEST_TIMEOUT',
    meaning: 'The request passed its deadline; the `signal` reason.',
    fix: 'Make the handler finish sooner, raise `requestTimeoutMs`, or run the tool as a task.',
  },
  SESSION_CLOSED: {
    code: 'ARM_ERR_SESSION_CLOSED',
    meaning: 'The session or its transport closed; the `signal` reason and the rejection of pending client requests.',
    fix: 'Nothing to fix: the client went away; stop the work when `ctx.signal` aborts.',
  },
  SESSION_NOT_READY: {
    code: 'ARM_ERR_SESSION_NOT_READY',
    meaning: 'A server→client request before the client sent `notifications/initialized`, or after the request finished.',
    fix: 'Ask the client only while the handler runs (await the answer before returning).',
  },
  SESSION_MISUSE: {
    code: 'ARM_ERR_SESSION_MISUSE',
    meaning: '`ServerSession.start()` called twice, or engine options out of range.',
    fix: 'Start each session once, and keep page size, timeouts and limits positive integers.',
  },
  INPUT_REQUIRED: {
    code: 'ARM_ERR_INPUT_REQUIRED',
    meaning:
      'MCP 2026-07-28: a question (`elicit`, `sample`, `listRoots`) ended this attempt of the request with `input_required`; the client answers and retries, and the handler runs again. The rejection of the pending question and the `signal` reason.',
    fix: 'Rethrow it if you catch it, and keep work before a question idempotent (the handler runs again).',
  },
  ELICIT_FORM_MISSING: {
    code: 'ARM_ERR_ELICIT_FORM_MISSING',
    meaning:
      'A typed `ctx.elicit<T>(message, { key })` found no form under its key in the manifest: the app was not built with `armature build` since the call was added, or the key is not a literal.',
    fix: 'Run `armature build` (it makes the form from `T` and reports a type outside the form subset); or pass ElicitRequestFormParams with a requestedSchema.',
  },
  ELICIT_ANSWER_INVALID: {
    code: 'ARM_ERR_ELICIT_ANSWER_INVALID',
    meaning:
      'The client accepted a typed elicitation with content that does not match the form (`ElicitAnswerError`). Left uncaught, a tool answers it like a ToolError (`isError: true` naming the wrong fields); a prompt or resource answers -32602 (invalid params) with the same message, on both revisions.',
    fix: 'Nothing to fix on the server; catch `ElicitAnswerError` to ask again or fall back.',
  },
  INPUT_NOT_ALLOWED: {
    code: 'ARM_ERR_INPUT_NOT_ALLOWED',
    meaning: 'MCP 2026-07-28: a question asked outside `tools/call`, `prompts/get` and `resources/read`.',
    fix: 'Ask questions only from tool, prompt and resource handlers.',
  },
});

/** Each engine code by name (`EngineErrorCode.REQUEST_CANCELLED`). */
export const EngineErrorCode = ENGINE_ERRORS.codes;

/** One of the engine's local error codes. */
export type EngineErrorCode = (typeof EngineErrorCode)[keyof typeof EngineErrorCode];
