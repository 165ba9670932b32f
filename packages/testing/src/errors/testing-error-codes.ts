/**
 * Every local error code `@armature/testing` throws, with its meaning. Errors are
 * `ArmatureError`s (from `@armature/di`) whose message starts with the code.
 */
export const TESTING_ERROR_CODES = Object.freeze({
  ARM_ERR_TOOL_CALL_FAILED: 'a tool answered isError: true, or without the structured result the helper expects',
  ARM_ERR_TOOL_CALL_SUCCEEDED: 'expectToolError: the tool did not answer isError: true',
  ARM_ERR_WIRE_VIOLATION: 'the server sent a message that does not validate against the MCP 2025-11-25 schema',
  ARM_ERR_SNAPSHOT_MISMATCH: 'the advertised surface differs from its snapshot file',
  ARM_ERR_SNAPSHOT_MISSING: 'a snapshot file is missing and writing it is not allowed (CI)',
  ARM_ERR_OPTIONAL_PEER_MISSING: 'a helper needs @armature/http, @armature/schema or typescript, which is not installed',
  ARM_ERR_MANIFEST_BUILD_FAILED: 'ensureManifest: the schema scan reported problems',
  ARM_ERR_CONFORMANCE_SETUP: 'the conformance suite or a Node >= 22 binary cannot be found',
  ARM_ERR_CONFORMANCE_FAILED: 'assertConformance: a conformance check failed or warned',
} as const);

/** A local error code of `@armature/testing`. */
export type TestingErrorCode = keyof typeof TESTING_ERROR_CODES;
