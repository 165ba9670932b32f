import { defineErrors, meaningsByCode } from '@armature/di';

/**
 * Every local error code `@armature/testing` throws, with meaning and fix. Errors are
 * `ArmatureError`s (from `@armature/di`) whose message starts with the code.
 */
export const TESTING_ERRORS = defineErrors('@armature/testing', 'Test helpers (local errors)', {
  TOOL_CALL_FAILED: {
    code: 'ARM_ERR_TOOL_CALL_FAILED',
    meaning: 'a tool answered isError: true, or without the structured result the helper expects',
    fix: "Read the tool's error text in the message; use expectToolError when the failure is the point of the test.",
  },
  TOOL_CALL_SUCCEEDED: {
    code: 'ARM_ERR_TOOL_CALL_SUCCEEDED',
    meaning: 'expectToolError: the tool did not answer isError: true',
    fix: 'Check the arguments make the tool fail, or use callTool.',
  },
  WIRE_VIOLATION: {
    code: 'ARM_ERR_WIRE_VIOLATION',
    meaning: 'the server sent a message that does not validate against the MCP schema of its revision',
    fix: "Fix the handler's result (the message names the schema path); a custom result must keep the spec's shape.",
  },
  SNAPSHOT_MISMATCH: {
    code: 'ARM_ERR_SNAPSHOT_MISMATCH',
    meaning: 'the advertised surface differs from its snapshot file',
    fix: 'If the change is intended, rerun with updating allowed and commit the snapshot.',
  },
  SNAPSHOT_MISSING: {
    code: 'ARM_ERR_SNAPSHOT_MISSING',
    meaning: 'a snapshot file is missing and writing it is not allowed (CI)',
    fix: 'Run the test locally once to write the snapshot, and commit it.',
  },
  OPTIONAL_PEER_MISSING: {
    code: 'ARM_ERR_OPTIONAL_PEER_MISSING',
    meaning: 'a helper needs @armature/http, @armature/schema or typescript, which is not installed',
    fix: 'Install the package the message names as a dev dependency.',
  },
  MANIFEST_BUILD_FAILED: {
    code: 'ARM_ERR_MANIFEST_BUILD_FAILED',
    meaning: 'ensureManifest: the schema scan reported problems',
    fix: 'Fix the build problems listed in the message (the same as `armature build` reports).',
  },
  CONFORMANCE_SETUP: {
    code: 'ARM_ERR_CONFORMANCE_SETUP',
    meaning: 'the conformance suite or a Node >= 22 binary cannot be found',
    fix: 'Install the conformance package and a Node 22 binary (see docs/testing.md).',
  },
  CONFORMANCE_FAILED: {
    code: 'ARM_ERR_CONFORMANCE_FAILED',
    meaning: 'assertConformance: a conformance check failed or warned',
    fix: 'Read the failing checks in the message and fix the server behaviour they name.',
  },
});

/** A local error code of `@armature/testing`. */
export type TestingErrorCode = (typeof TESTING_ERRORS.codes)[keyof typeof TESTING_ERRORS.codes];

/** Each code with its meaning (derived from `TESTING_ERRORS`). */
export const TESTING_ERROR_CODES = meaningsByCode(TESTING_ERRORS) as Readonly<Record<TestingErrorCode, string>>;
