import { join } from 'node:path';
import type { Transport } from '@armature/core';

/**
 * Schema checks for what the server sends (MCP 2025-11-25, `spec/mcp-schema/2025-11-25.json`),
 * reusing core's compiled test helpers at run time: they live outside this package's rootDir,
 * so they are loaded with `require` and typed here.
 */
interface WireSchema {
  serverMessageErrors(message: unknown, requestMethod: string | undefined): string[];
  schemaErrors(definition: string, value: unknown): string[];
}

/** Core's `WireCheckedTransport`: wraps a client transport and records schema violations. */
export interface WireChecked extends Transport {
  readonly violations: string[];
  assertClean(): void;
}

const CORE_TEST_SUPPORT = join(__dirname, '../../../../core/dist/test/support');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const schema = require(join(CORE_TEST_SUPPORT, 'wire-schema.js')) as WireSchema;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const checked = require(join(CORE_TEST_SUPPORT, 'wire-checked.transport.js')) as { WireCheckedTransport: new (inner: Transport) => WireChecked };

/** Throws unless `message` is a valid server message (a response to `requestMethod`, when given). */
export function assertServerMessage(message: unknown, requestMethod?: string): void {
  const errors = schema.serverMessageErrors(message, requestMethod);
  if (errors.length > 0) throw new Error(`invalid server message ${JSON.stringify(message).slice(0, 300)}: ${errors.join('; ')}`);
}

/** Problems of `value` against `$defs/<definition>` of the MCP schema. */
export function schemaErrors(definition: string, value: unknown): string[] {
  return schema.schemaErrors(definition, value);
}

/** Wraps a client transport (the SDK's included) so that everything the server sends is checked. */
export function wireChecked(inner: unknown): WireChecked {
  return new checked.WireCheckedTransport(inner as Transport);
}
