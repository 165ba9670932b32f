/**
 * MCP 2026-07-28 wire facts the kernel needs in more than one place: the version string, the
 * `_meta` envelope keys every request carries, and the methods the revision removed. Kept apart
 * from the `REVISION_2026` object (revision-2026.ts) so that modules it depends on can read them
 * without an import cycle.
 */
export const PROTOCOL_2026 = '2026-07-28';

/** The stateless revisions this kernel serves through the envelope (newest first). */
export const ENVELOPE_VERSIONS: readonly string[] = Object.freeze([PROTOCOL_2026]);

/** `_meta` keys of the per-request envelope (MCP 2026-07-28, RequestMetaObject). */
export const META = Object.freeze({
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  logLevel: 'io.modelcontextprotocol/logLevel',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
} as const);

/**
 * Methods 2025-11-25 had and 2026-07-28 removed: a 2026 request for one is answered -32601
 * (HTTP 404), like any unknown method.
 */
export const REMOVED_IN_2026: ReadonlySet<string> = new Set([
  'initialize',
  'ping',
  'logging/setLevel',
  'resources/subscribe',
  'resources/unsubscribe',
]);

/**
 * Methods only 2026-07-28 has: a request for one that carries no envelope still goes to the
 * 2026 kernel (on a connection that never initialized, or a POST without a session).
 */
export const ONLY_2026: ReadonlySet<string> = new Set(['server/discover', 'subscriptions/listen']);

/** True when a request's params carry a 2026-style `_meta` envelope (a protocol version key). */
export function hasEnvelope(params: unknown): boolean {
  if (typeof params !== 'object' || params === null) return false;
  const meta = (params as { _meta?: unknown })._meta;
  return (
    typeof meta === 'object' && meta !== null && !Array.isArray(meta) && Object.prototype.hasOwnProperty.call(meta, META.protocolVersion)
  );
}
