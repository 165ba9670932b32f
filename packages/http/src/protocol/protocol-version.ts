import { SUPPORTED_PROTOCOL_VERSIONS } from '@armature/core';

/**
 * `MCP-Protocol-Version` header rules (MCP 2025-11-25, transports §Protocol Version Header):
 * a client sends the negotiated version on every request after `initialize`; when the header
 * is absent the server assumes 2025-03-26; an invalid or unsupported value is answered 400.
 */

/** Protocol revisions a Streamable HTTP client may name in the header: the engine's own list. */
export { SUPPORTED_PROTOCOL_VERSIONS };

/** The version assumed when the header is absent (backwards compatibility with 2025-03-26 clients). */
export const DEFAULT_HEADER_PROTOCOL_VERSION = '2025-03-26';

/** First revision whose clients understand SSE priming events (an id with empty data). */
export const PRIMING_MIN_VERSION = '2025-11-25';

const supported = new Set(SUPPORTED_PROTOCOL_VERSIONS);

/**
 * The protocol version a request speaks, or `undefined` when the header names one we do not
 * support (the caller answers 400).
 */
export function requestProtocolVersion(header: string | undefined, accepted: ReadonlySet<string> = supported): string | undefined {
  if (header === undefined || header === '') return DEFAULT_HEADER_PROTOCOL_VERSION;
  return accepted.has(header) ? header : undefined;
}

/** Whether a client of this version handles priming events and `retry`-driven polling. */
export function supportsPriming(version: string): boolean {
  // Versions are ISO dates, so string order is date order.
  return version >= PRIMING_MIN_VERSION;
}
