import { defineWireErrors, type WireNumbering } from './wire-numbering';

/** The same number in every revision; `httpStatus2026` where MCP 2026-07-28 fixes the HTTP status. */
const same = (code: number, httpStatus2026?: number): WireNumbering => ({
  '2025-11-25': { code },
  '2026-07-28': httpStatus2026 === undefined ? { code } : { code, httpStatus: httpStatus2026 },
});

/**
 * The one registry of numeric JSON-RPC error codes Armature puts on the wire, with meaning, fix
 * and how each revision sends it: `code` is the revision-neutral number the engine raises, and
 * each revision's `Revision.encodeError` and `Revision.httpStatus` read their numbers and
 * statuses from here (errors/wire-encoding.ts), as the tasks runtime does for a failed task.
 *
 * -32700…-32600 are JSON-RPC 2.0's own; -32002 and -32042 are defined by MCP 2025-11-25,
 * -32020…-32022 by MCP 2026-07-28; -32000…-32099 is JSON-RPC's "server error" range, where our
 * server-defined codes live (-32000 and -32001 are the values the official SDK uses).
 * An HTTP status is given where it does not depend on the moment (Streamable HTTP); otherwise
 * the revision's rule applies (2026: 400 when refused before the method runs, else 200; 2025: 200).
 */
export const WIRE_ERRORS = defineWireErrors('@armature/core', 'JSON-RPC errors on the wire', {
  ParseError: {
    code: -32700,
    wire: same(-32700),
    meaning: 'Invalid JSON or invalid UTF-8 was received (or a frame over 4 MiB).',
    fix: 'Client: send one UTF-8 JSON object per message.',
  },
  InvalidRequest: {
    code: -32600,
    wire: same(-32600),
    meaning:
      'The JSON is not a valid JSON-RPC 2.0 request object (including arrays: batches were removed, and an empty `method`), or an HTTP request the endpoint cannot serve.',
    fix: 'Client: send `{ jsonrpc: "2.0", id, method }` with a string or safe-integer id, one message per request.',
  },
  MethodNotFound: {
    code: -32601,
    wire: same(-32601, 404),
    meaning: 'The method does not exist or its feature is not served.',
    fix: "Client: call only methods the server's capabilities advertise for the negotiated revision.",
  },
  InvalidParams: {
    code: -32602,
    wire: same(-32602),
    meaning:
      'Invalid method parameters: wrong types, unknown tool/prompt, invalid cursor, a URI longer than `maxUriLength` ("URI too long"), a `requestState` that is tampered, expired, over its size limit or (single-use) already used.',
    fix: "Client: send arguments that validate against the tool's input schema; list again for names and cursors.",
  },
  InternalError: {
    code: -32603,
    wire: same(-32603),
    meaning: 'An unexpected failure inside the server; the message is always generic.',
    fix: 'Server: read the server log (the logger gets the real error); throw `ToolError` or `McpWireError` for failures a client should see.',
  },
  ResourceNotFound: {
    code: -32002,
    wire: { '2025-11-25': { code: -32002 }, '2026-07-28': { code: -32602 } },
    meaning: 'MCP: `resources/read` for a URI the server does not serve (`data: { uri }`); MCP 2026-07-28 numbers it -32602.',
    fix: 'Client: read a URI from `resources/list` or one a template matches.',
  },
  UrlElicitationRequired: {
    code: -32042,
    wire: same(-32042),
    meaning: 'MCP: the request needs the user to complete a URL-mode elicitation first.',
    fix: 'Client: open the elicitation URL in `data`, then retry the request.',
  },
  ConnectionClosed: {
    code: -32000,
    wire: same(-32000),
    meaning: 'Server-defined: the session or connection closed (or the server is draining) before the request could be answered.',
    fix: 'Client: reconnect and retry; the server is shutting down or closed the session.',
  },
  RequestTimeout: {
    code: -32001,
    wire: same(-32001),
    meaning: 'Server-defined: the request did not finish within its deadline.',
    fix: 'Server: make the handler faster, raise `requestTimeoutMs`, or run the tool as a task.',
  },
  Forbidden: {
    code: -32003,
    wire: same(-32003),
    meaning:
      'Server-defined: the call is not allowed — a guard refused it (`ForbiddenError`) or the principal lacks a required scope (`InsufficientScopeError`).',
    fix: 'Client: authenticate with a principal that has the scopes in `data`; server: check the guard.',
  },
  TooManyRequests: {
    code: -32004,
    wire: same(-32004, 503),
    meaning:
      'Server-defined: the session (or connection, or stateless endpoint) already has its most requests in flight or open `subscriptions/listen` streams (`maxListens`, `maxListensPerPrincipal`), or the in-memory store of spent single-use request states is full. MCP 2026-07-28 over HTTP: 503 with `Retry-After`.',
    fix: 'Client: retry once some requests are answered (or close a listen stream); server: raise `maxInflightRequests` / `maxStatelessInflight` / `maxListens` / `maxListensPerPrincipal` if the load is expected.',
  },
  HeaderMismatch: {
    code: -32020,
    wire: same(-32020, 400),
    meaning:
      'MCP 2026-07-28: an HTTP header (`Mcp-Method`, `Mcp-Name`, `Mcp-Param-*`, `MCP-Protocol-Version`) is missing, malformed or disagrees with the body.',
    fix: 'Client: send the routing headers with the same values as the body.',
  },
  MissingRequiredClientCapability: {
    code: -32021,
    wire: same(-32021, 400),
    meaning: "MCP 2026-07-28: serving the request needs a client capability the request's `clientCapabilities` did not declare.",
    fix: 'Client: declare the capabilities in `data.requiredCapabilities`, or do not call this feature.',
  },
  UnsupportedProtocolVersion: {
    code: -32022,
    wire: same(-32022, 400),
    meaning: "MCP 2026-07-28: the request's protocol version is not one this server speaks (`data: { requested, supported }`).",
    fix: 'Client: use a version from `data.supported`.',
  },
});

/** The registry's numbers by name (`WireErrorCode.InvalidParams` is -32602). */
export const WireErrorCode = WIRE_ERRORS.codes;

/** A code from the registry. `McpWireError` also accepts other integers for author-defined errors. */
export type WireErrorCode = (typeof WireErrorCode)[keyof typeof WireErrorCode];

/** Name of a registry entry, e.g. `'InvalidParams'`. */
export type WireErrorName = keyof typeof WireErrorCode;
