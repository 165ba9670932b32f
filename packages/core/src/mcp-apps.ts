// `@armature/core/mcp-apps`: the MCP Apps extension (SEP-1865) as plain data on resources and tools.
export {
  MCP_APPS_EXTENSION,
  MCP_APP_MIME_TYPE,
  MCP_APP_LEGACY_RESOURCE_URI_KEY,
  mcpAppView,
  mcpAppsCapability,
  clientSupportsMcpApps,
} from './extensions/mcp-apps';
export type {
  McpAppView,
  McpAppViewOptions,
  McpAppCsp,
  McpAppPermissions,
  McpAppToolVisibility,
  McpAppContents,
} from './extensions/mcp-apps';
