// `@armature/core/wire/2026-07-28`: the spec's wire types of MCP 2026-07-28, generated from the
// vendored schema (scripts/generate-mcp-types.js).
export type * from './wire/mcp-types-2026.generated';
