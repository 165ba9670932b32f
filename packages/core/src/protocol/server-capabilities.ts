import type { ServerCapabilities } from '../wire/mcp-types.generated';
import type { ServerFeatures } from './server-features';

const cache = new WeakMap<ServerFeatures, ServerCapabilities>();

function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value)) if (typeof child === 'object' && child !== null) deepFreeze(child);
  return Object.freeze(value);
}

/**
 * The capabilities to declare for a set of features: only what is actually served.
 * `logging` is always declared because every handler can log through `ctx.log`;
 * `listChanged` is declared because the application layer broadcasts list changes.
 */
export function serverCapabilities(features: ServerFeatures): ServerCapabilities {
  let caps = cache.get(features);
  if (caps !== undefined) return caps;
  caps = { logging: {} };
  if (features.tools) caps.tools = { listChanged: true };
  if (features.resources) caps.resources = features.resources.subscribe ? { subscribe: true, listChanged: true } : { listChanged: true };
  if (features.prompts) caps.prompts = { listChanged: true };
  if (features.completions) caps.completions = {};
  // MCP 2025-11-25 experimental tasks: tool calls only (2026 declares the tasks extension instead).
  if (features.tasks) caps.tasks = { list: {}, cancel: {}, requests: { tools: { call: {} } } };
  caps = deepFreeze(caps);
  cache.set(features, caps);
  return caps;
}
