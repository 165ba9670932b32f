// `@armature/core/wire/2025-11-25`: the spec's wire types of MCP 2025-11-25, generated from the
// vendored schema (scripts/generate-mcp-types.js).
export type * from './wire/mcp-types.generated';
