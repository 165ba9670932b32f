/**
 * The one registry of numeric JSON-RPC error codes Armature puts on the wire.
 *
 * -32700…-32600 are JSON-RPC 2.0's own; -32002 and -32042 are defined by MCP 2025-11-25,
 * -32020…-32022 by MCP 2026-07-28 (which answers a missing resource with -32602 instead of -32002);
 * -32000…-32099 is JSON-RPC's "server error" range, where our server-defined codes live
 * (-32000 and -32001 are the values the official SDK uses, so SDK clients recognise them).
 */
export const WireErrorCode = {
  /** Invalid JSON or invalid UTF-8 was received. */
  ParseError: -32700,
  /** The JSON is not a valid JSON-RPC 2.0 request object (including arrays: batches were removed). */
  InvalidRequest: -32600,
  /** The method does not exist or its feature is not served. */
  MethodNotFound: -32601,
  /** Invalid method parameters: wrong types, unknown tool/prompt, invalid cursor. */
  InvalidParams: -32602,
  /** An unexpected failure inside the server; the message is always generic. */
  InternalError: -32603,
  /** MCP: `resources/read` for a URI the server does not serve (`data: { uri }`). */
  ResourceNotFound: -32002,
  /** MCP: the request needs the user to complete a URL-mode elicitation first. */
  UrlElicitationRequired: -32042,
  /** Server-defined: the session or connection closed before the request could be answered. */
  ConnectionClosed: -32000,
  /** Server-defined: the request did not finish within its deadline. */
  RequestTimeout: -32001,
  /**
   * Server-defined: the call is not allowed — a guard refused it (`ForbiddenError`) or the
   * principal lacks a required scope (`InsufficientScopeError`, `data.error = "insufficient_scope"`).
   */
  Forbidden: -32003,
  /**
   * Server-defined: the session (or, for MCP 2026-07-28 requests, the connection) already has
   * its most requests in flight (`data.maxInflightRequests`); retry once some are answered.
   */
  TooManyRequests: -32004,
  /**
   * MCP 2026-07-28: an HTTP header (`Mcp-Method`, `Mcp-Name`, `Mcp-Param-*`,
   * `MCP-Protocol-Version`) is missing, malformed or disagrees with the body. HTTP 400.
   */
  HeaderMismatch: -32020,
  /**
   * MCP 2026-07-28: serving the request needs a client capability the request's
   * `clientCapabilities` did not declare (`data.requiredCapabilities`). HTTP 400.
   */
  MissingRequiredClientCapability: -32021,
  /**
   * MCP 2026-07-28: the request's protocol version is not one this server speaks
   * (`data: { requested, supported }`). HTTP 400.
   */
  UnsupportedProtocolVersion: -32022,
} as const;

/** A code from the registry. `McpWireError` also accepts other integers for author-defined errors. */
export type WireErrorCode = (typeof WireErrorCode)[keyof typeof WireErrorCode];

/** Name of a registry entry, e.g. `'InvalidParams'`. */
export type WireErrorName = keyof typeof WireErrorCode;
