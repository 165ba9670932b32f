/**
 * `ArmatureOptions.toolSearch`: `tools/list` lists `search_tools` and `call_tool` (plus the
 * pinned tools) instead of every tool, and models find the rest by searching. See docs/tool-search.md.
 */
export interface ToolSearchOptions {
  /** Tools `tools/list` still lists, beside the two search tools (each only to callers who may see it). */
  readonly pinned?: readonly string[];
  /** Most tools one `search_tools` answer returns: the largest `limit` a caller may ask for (default 20). */
  readonly maxResults?: number;
  /** Tools returned when the caller gives no `limit` (default 5, at most `maxResults`). */
  readonly defaultResults?: number;
  /** Longest `query` in characters (default 1,000); a longer one is answered as invalid arguments. */
  readonly maxQueryLength?: number;
  /** Words of a query that are looked up (default 32); the rest are ignored. */
  readonly maxQueryTerms?: number;
}

/** The options with their defaults filled in. */
export interface ResolvedToolSearchOptions {
  readonly pinned: readonly string[];
  readonly maxResults: number;
  readonly defaultResults: number;
  readonly maxQueryLength: number;
  readonly maxQueryTerms: number;
}

export const TOOL_SEARCH_DEFAULTS = Object.freeze({ maxResults: 20, defaultResults: 5, maxQueryLength: 1000, maxQueryTerms: 32 });

/** The two tools `tools/list` shows in search mode. */
export const SEARCH_TOOL_NAME = 'search_tools';
export const CALL_TOOL_NAME = 'call_tool';

/** The options resolved, or why they are malformed (for `ARM_ERR_INVALID_OPTIONS`). */
export function resolveToolSearchOptions(value: unknown): ResolvedToolSearchOptions | string {
  if (value === true) value = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return '"toolSearch" must be true or an object { pinned?, maxResults?, defaultResults?, maxQueryLength?, maxQueryTerms? }';
  const options = value as ToolSearchOptions;
  for (const key of ['maxResults', 'defaultResults', 'maxQueryLength', 'maxQueryTerms'] as const) {
    const n = options[key];
    if (n !== undefined && !(Number.isSafeInteger(n) && n >= 1)) return `"toolSearch.${key}" must be a positive integer`;
  }
  const maxResults = options.maxResults ?? TOOL_SEARCH_DEFAULTS.maxResults;
  const defaultResults = options.defaultResults ?? Math.min(TOOL_SEARCH_DEFAULTS.defaultResults, maxResults);
  if (defaultResults > maxResults) return '"toolSearch.defaultResults" must not exceed "toolSearch.maxResults"';
  const pinned = options.pinned ?? [];
  if (!Array.isArray(pinned) || !pinned.every((name) => typeof name === 'string'))
    return '"toolSearch.pinned" must be an array of tool names';
  const meta = pinned.find((name) => name === SEARCH_TOOL_NAME || name === CALL_TOOL_NAME);
  if (meta !== undefined) return `"toolSearch.pinned" names ${JSON.stringify(meta)}, which is always listed`;
  return {
    pinned: Object.freeze([...new Set(pinned)]),
    maxResults,
    defaultResults,
    maxQueryLength: options.maxQueryLength ?? TOOL_SEARCH_DEFAULTS.maxQueryLength,
    maxQueryTerms: options.maxQueryTerms ?? TOOL_SEARCH_DEFAULTS.maxQueryTerms,
  };
}
