import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import type { McpRevision } from './mcp-revision';

const SCHEMA_DIR = join(__dirname, '../../../mcp-schema');

/** The official MCP JSON Schema of each revision, shipped with this package (`mcp-schema/<revision>.json`). */
export const MCP_SCHEMA_FILES: Readonly<Record<McpRevision, string>> = {
  '2025-11-25': join(SCHEMA_DIR, '2025-11-25.json'),
  '2026-07-28': join(SCHEMA_DIR, '2026-07-28.json'),
};

/** The official MCP 2025-11-25 JSON Schema, shipped with this package (the default revision). */
export const MCP_SCHEMA_FILE = MCP_SCHEMA_FILES['2025-11-25'];

/** One ajv (draft 2020-12 plus formats) per revision, each compiling its schema once, on first use. */
const compilers = new Map<McpRevision, Ajv2020>();
const validators = new Map<string, ValidateFunction>();

function compiler(revision: McpRevision): Ajv2020 {
  let ajv = compilers.get(revision);
  if (ajv === undefined) {
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(JSON.parse(readFileSync(MCP_SCHEMA_FILES[revision], 'utf8')) as object, `mcp-${revision}`);
    compilers.set(revision, ajv);
  }
  return ajv;
}

function validatorFor(definition: string, revision: McpRevision): ValidateFunction {
  const key = `${revision}#${definition}`;
  let validate = validators.get(key);
  if (validate === undefined) {
    validate = compiler(revision).getSchema(`mcp-${revision}#/$defs/${definition}`);
    if (validate === undefined) throw new Error(`no $defs/${definition} in the MCP ${revision} schema`);
    validators.set(key, validate);
  }
  return validate;
}

/**
 * Problems of `value` against `$defs/<definition>` (e.g. `'CallToolResult'`) of the MCP schema
 * of `revision` (default 2025-11-25); empty when valid. Throws for a definition the schema lacks.
 */
export function schemaErrors(definition: string, value: unknown, revision: McpRevision = '2025-11-25'): string[] {
  const validate = validatorFor(definition, revision);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${definition}${e.instancePath} ${e.message ?? 'invalid'}`);
}
