/** Valid MCP 2026-07-28 wire values for the tests. */

/** The `_meta` every 2026-07-28 client request carries. */
export const REQUEST_META_2026 = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
} as const;

/** A 2026-07-28 client request. */
export function request2026(
  id: number,
  method: string,
  params: Record<string, unknown> = {},
): { jsonrpc: '2.0'; id: number; method: string; params: Record<string, unknown> } {
  return { jsonrpc: '2.0', id, method, params: { ...params, _meta: REQUEST_META_2026 } };
}

/** A result response to request `id`. */
export function resultOf(id: number, result: unknown): { jsonrpc: '2.0'; id: number; result: unknown } {
  return { jsonrpc: '2.0', id, result };
}

const CACHEABLE = { resultType: 'complete', ttlMs: 60_000, cacheScope: 'public' } as const;
const TOOL = { name: 'echo', inputSchema: { type: 'object' } };

/** A valid 2026-07-28 result for each client request method, keyed by method. */
export const VALID_RESULTS_2026: Readonly<Record<string, unknown>> = {
  'server/discover': {
    ...CACHEABLE,
    supportedVersions: ['2025-11-25', '2026-07-28'],
    capabilities: { tools: { listChanged: true } },
    _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'demo', version: '1.0.0' } },
  },
  'tools/list': { ...CACHEABLE, tools: [TOOL] },
  'tools/call': { resultType: 'complete', content: [{ type: 'text', text: 'hi' }] },
  'resources/list': { ...CACHEABLE, resources: [{ uri: 'file:///a.txt', name: 'a' }] },
  'resources/templates/list': { ...CACHEABLE, resourceTemplates: [{ uriTemplate: 'file:///{name}', name: 'files' }] },
  'resources/read': { ...CACHEABLE, contents: [{ uri: 'file:///a.txt', text: 'A' }] },
  'prompts/list': { ...CACHEABLE, prompts: [{ name: 'greet' }] },
  'prompts/get': { resultType: 'complete', messages: [{ role: 'user', content: { type: 'text', text: 'hello' } }] },
  'completion/complete': { resultType: 'complete', completion: { values: ['a', 'b'] } },
  'subscriptions/listen': { resultType: 'complete', _meta: { 'io.modelcontextprotocol/subscriptionId': 4 } },
};

/** The 2026-07-28 result type of each client request method, keyed by method. */
export const RESULT_TYPES_2026: Readonly<Record<string, string>> = {
  'server/discover': 'DiscoverResult',
  'tools/list': 'ListToolsResult',
  'tools/call': 'CallToolResult',
  'resources/list': 'ListResourcesResult',
  'resources/templates/list': 'ListResourceTemplatesResult',
  'resources/read': 'ReadResourceResult',
  'prompts/list': 'ListPromptsResult',
  'prompts/get': 'GetPromptResult',
  'completion/complete': 'CompleteResult',
  'subscriptions/listen': 'SubscriptionsListenResult',
};

/** A valid `InputRequiredResult`: the server needs an elicitation answered before it can go on. */
export const INPUT_REQUIRED = {
  resultType: 'input_required',
  inputRequests: {
    confirm: {
      method: 'elicitation/create',
      params: { message: 'Proceed?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } },
    },
  },
  requestState: 'opaque-state',
};

/** A valid `notifications/subscriptions/acknowledged` for subscription 4. */
export const ACKNOWLEDGED = {
  jsonrpc: '2.0',
  method: 'notifications/subscriptions/acknowledged',
  params: { notifications: { toolsListChanged: true }, _meta: { 'io.modelcontextprotocol/subscriptionId': 4 } },
};
