import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { PARAM_LIST_TEXT } from '@armature/core/manifest';
import {
  fromManifestDocument,
  generatorName,
  MANIFEST_DOCUMENT_FORMAT,
  MANIFEST_FILE_NAME,
  readTsconfig,
  type JsonSchema,
  type Manifest,
  type ManifestDocument,
} from '@armature/schema';
import { currentSourceHash } from '../build/source-state';

/** What inspect found about a project's manifest. */
export interface ManifestCheck {
  readonly file: string;
  /** Undefined when missing or unreadable; schemas written in place (as `scanProgram` returns it). */
  readonly manifest: Manifest | undefined;
  /** Each one makes `armature inspect` exit 1. */
  readonly problems: readonly string[];
  /** Worth saying, not wrong (another scanner version wrote it). */
  readonly notes: readonly string[];
}

const KINDS = new Set(['tool', 'prompt', 'resource', 'resourceTemplate']);

/**
 * Reads the manifest `armature build` wrote for a tsconfig and checks it: present, in format
 * version 2, written from the current sources (its `sourceHash`), and every input and output
 * schema valid JSON Schema 2020-12 that compiles (with `ajv`, as the kernel compiles them).
 */
export function checkBuiltManifest(tsconfig: string): ManifestCheck {
  const parsed = readTsconfig(tsconfig);
  const file = path.join(parsed.options.outDir ?? path.dirname(tsconfig), MANIFEST_FILE_NAME);
  const problems: string[] = [];
  const notes: string[] = [];
  let value: unknown;
  try {
    value = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    problems.push(
      missing
        ? 'the manifest is missing; run armature build.'
        : `the manifest cannot be read (${(error as Error).message}); run armature build.`,
    );
    return { file, manifest: undefined, problems, notes };
  }
  const formatProblem = checkFormat(value);
  if (formatProblem !== undefined) {
    problems.push(`the manifest is not a valid format-${MANIFEST_DOCUMENT_FORMAT} manifest: ${formatProblem}; run armature build.`);
    return { file, manifest: undefined, problems, notes };
  }
  const manifest = fromManifestDocument(value as unknown as ManifestDocument);
  if (manifest.sourceHash !== currentSourceHash(path.dirname(tsconfig), parsed.fileNames)) {
    problems.push('the manifest is stale: the sources changed since it was written; run armature build.');
  }
  if (manifest.generator !== generatorName()) notes.push(`written by ${manifest.generator}; this is ${generatorName()}.`);
  problems.push(...schemaProblems(manifest));
  return { file, manifest, problems, notes };
}

/** Whether `text` is the JSON text of an object (inspect parses what the runtime parses only on use). */
function isObjectText(text: unknown): boolean {
  if (typeof text !== 'string') return false;
  try {
    return isObject(JSON.parse(text));
  } catch {
    return false;
  }
}

function checkFormat(value: unknown): string | undefined {
  if (!isObject(value)) return 'not a JSON object';
  if (value.armature !== MANIFEST_DOCUMENT_FORMAT) return `format version ${JSON.stringify(value.armature)}`;
  if (!isObject(value.handlers)) return '"handlers" is not an object';
  const { schemas, paramLists } = value;
  if (!Array.isArray(schemas) || !schemas.every(isObjectText)) return '"schemas" is not an array of JSON texts of objects';
  const isParamList = (list: unknown): boolean =>
    typeof list === 'string' ? PARAM_LIST_TEXT.test(list) : Array.isArray(list) && list.every(isObject);
  if (!Array.isArray(paramLists) || !paramLists.every(isParamList)) return '"paramLists" is not an array of parameter lists';
  const isIndex = (ref: unknown, length: number): boolean => Number.isInteger(ref) && (ref as number) >= 0 && (ref as number) < length;
  const isRef = (ref: unknown): boolean => ref === undefined || isIndex(ref, schemas.length);
  for (const [key, handler] of Object.entries(value.handlers)) {
    if (!isObject(handler) || typeof handler.className !== 'string' || !isObject(handler.methods))
      return `handler ${key} lacks "className" or "methods"`;
    for (const [name, method] of Object.entries(handler.methods)) {
      if (!isObject(method) || !KINDS.has(String(method.kind)) || !isIndex(method.params, paramLists.length))
        return `${key} method ${name} lacks a valid "kind" or "params"`;
      if (!isRef(method.inputSchema) || !isRef(method.outputSchema)) return `${key} method ${name} refers to a schema not in "schemas"`;
    }
  }
  return undefined;
}

function schemaProblems(manifest: Manifest): string[] {
  const ajv = new Ajv2020({ strict: false, allowUnionTypes: true, strictTuples: false, allErrors: true });
  addFormats(ajv);
  const problems: string[] = [];
  // Methods sharing a stored schema share the object: check each one once.
  const checked = new Map<JsonSchema, string | undefined>();
  for (const handler of Object.values(manifest.handlers)) {
    for (const [method, entry] of Object.entries(handler.methods)) {
      for (const key of ['inputSchema', 'outputSchema'] as const) {
        const schema = entry[key];
        if (schema === undefined) continue;
        if (!checked.has(schema)) checked.set(schema, schemaProblem(ajv, schema));
        const why = checked.get(schema);
        if (why !== undefined) problems.push(`${handler.className}.${method} ${key}: ${why}.`);
      }
    }
  }
  return problems;
}

function schemaProblem(ajv: Ajv2020, schema: JsonSchema): string | undefined {
  if (schema.type !== 'object') return 'the top of a tool schema must have type "object"';
  if (!ajv.validateSchema(schema)) return `not valid JSON Schema 2020-12 (${ajv.errorsText(ajv.errors)})`;
  try {
    ajv.compile(schema);
    return undefined;
  } catch (error) {
    return `does not compile (${(error as Error).message})`;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
