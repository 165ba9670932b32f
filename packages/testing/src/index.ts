// Public API of @armature/testing. The conformance helper is at '@armature/testing/conformance'.
export { createTestServer } from './server/create-test-server';
export { createTestApp } from './server/create-test-app';
export { connectTestClient } from './server/test-client';
export type { TestAppOptions } from './server/test-app-options';
export type { TestServer, TestServerOptions, TestClient, TestClientOptions } from './server/test-server.types';
export { override, type OverrideBy } from './overrides/override.builder';
export { callTool, callToolText, callToolResult, expectToolError, type ToolArguments } from './tools/call-tool';
export { ToolCallError, textOf } from './tools/tool-call.error';
export { collectSurface, type Surface } from './snapshot/surface';
export { matchSurfaceSnapshot, matchJsonSnapshot, type SnapshotOptions, type SnapshotOutcome } from './snapshot/match-snapshot';
export { SnapshotMismatchError } from './snapshot/snapshot-mismatch.error';
export { stableJson } from './snapshot/stable-json';
export { WireCheckedTransport } from './wire/wire-checked.transport';
export type { WireLog } from './wire/wire-log';
export { serverMessageErrors, schemaErrors, MCP_SCHEMA_FILE } from './wire/mcp-wire-schema';
export { ensureManifest } from './manifest/ensure-manifest';
export { compileMarkdownSamples, type CompileMarkdownSamplesOptions, type MarkdownSamplesResult } from './docs/compile-markdown-samples';
export { TESTING_ERROR_CODES, type TestingErrorCode } from './errors/testing-error-codes';
