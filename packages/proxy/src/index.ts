// The public API of @armature/proxy: a remote MCP server served as part of an Armature app.
export { McpProxyModule, type McpProxyMount } from './mcp-proxy.module';
export { McpProxy } from './mcp-proxy';
export type { McpProxyOptions, ProxyCommonOptions, StdioUpstream, HttpUpstream, ReconnectOptions } from './proxy-options';
export { PROXY_DEFAULTS } from './proxy-options';
export type { LinkState } from './upstream-link';
export type { NamePattern } from './name-filter';
export { PROXY_ERRORS, PROXY_ERROR_CODES, ProxyConfigError, type ProxyErrorCode } from './proxy-errors';
export { prefixName, prefixUri, unprefixName, unprefixUri } from './prefix-rule';
export { PROXY_ERROR_META } from './refusal-answers';
