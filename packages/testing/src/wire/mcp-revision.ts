/** The MCP revisions whose wire schemas this package ships and checks against. */
export type McpRevision = '2025-11-25' | '2026-07-28';

/** Every revision with a shipped schema, oldest first. */
export const MCP_REVISIONS: readonly McpRevision[] = ['2025-11-25', '2026-07-28'];

/** The request `_meta` key through which a 2026-07-28 client names its protocol version. */
export const PROTOCOL_VERSION_META_KEY = 'io.modelcontextprotocol/protocolVersion';

/** The notification `_meta` key that ties a 2026-07-28 notification to its `subscriptions/listen` stream. */
export const SUBSCRIPTION_ID_META_KEY = 'io.modelcontextprotocol/subscriptionId';

/** `value._meta` when `value` is an object with an object `_meta`, else undefined. */
export function metaOf(value: unknown): Readonly<Record<string, unknown>> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const meta = (value as { _meta?: unknown })._meta;
  return typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>) : undefined;
}

/**
 * The revision a client request speaks: `'2026-07-28'` when its
 * `params._meta['io.modelcontextprotocol/protocolVersion']` says so, else `'2025-11-25'`
 * (2025 clients negotiate the version once, in `initialize`, and carry none per request).
 */
export function revisionOfRequest(message: unknown): McpRevision {
  const params = typeof message === 'object' && message !== null ? (message as { params?: unknown }).params : undefined;
  return metaOf(params)?.[PROTOCOL_VERSION_META_KEY] === '2026-07-28' ? '2026-07-28' : '2025-11-25';
}
