import { isAscii } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The boot copy of a manifest, written by `armature build` beside `armature.manifest.json`:
 * what a boot reads from the manifest, in a form that parses faster. JSON Lines: line 1 is the
 * head (its format, the stamp of the manifest it was made from, how many schemas follow, and
 * the manifest without its schemas and without what only build tools read); each following
 * line is one schema's JSON text, in the manifest's order.
 *
 * Why: a manifest stores each schema as a JSON string inside JSON, so parsing it unescapes
 * every schema and copies it into a string of its own; at 10,001 tools that is ~7 of its
 * ~11 MB. Lines of plain text are split instead (the parts share the file's text).
 *
 * The manifest stays the source of truth: the copy is used only when the manifest's size and
 * modification time are the ones it records (as the validators file is trusted), so an edited,
 * rebuilt or copied-without-times manifest is read itself.
 */
export const BOOT_FILE_NAME = 'armature.boot.jsonl';

/** The format of {@link BOOT_FILE_NAME} this core writes and reads. */
export const BOOT_FILE_FORMAT = 1;

/** Manifest fields a boot never reads, left out of the copy (what each module serves: for builds of importing apps). */
const BUILD_ONLY_FIELDS: ReadonlySet<string> = new Set(['modules', 'schemas']);

/** Line 1 of the boot copy. */
export interface BootFileHead {
  readonly armatureBoot: typeof BOOT_FILE_FORMAT;
  /** `manifestStamp(size, mtimeMs)` of the manifest this copy was made from. */
  readonly manifestStamp: string;
  readonly schemaCount: number;
  /** The manifest's other fields. */
  readonly manifest: Record<string, unknown>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The boot copy's text for a manifest whose schemas are JSON texts (formats 3 and 4), or
 * undefined for one that cannot be copied so (schemas as objects, or a text on several lines:
 * a manifest written by hand).
 */
export function bootFileText(manifest: Record<string, unknown>, manifestStamp: string): string | undefined {
  const schemas = manifest.schemas;
  if (!Array.isArray(schemas) || !schemas.every((schema) => typeof schema === 'string' && !schema.includes('\n'))) return undefined;
  const rest: Record<string, unknown> = {};
  for (const key of Object.keys(manifest)) if (!BUILD_ONLY_FIELDS.has(key)) rest[key] = manifest[key];
  const head: BootFileHead = { armatureBoot: BOOT_FILE_FORMAT, manifestStamp, schemaCount: schemas.length, manifest: rest };
  const lines = [JSON.stringify(head), ...(schemas as string[])];
  return `${lines.join('\n')}\n`;
}

/**
 * The manifest value the boot copy in `dir` holds (its schemas back in place, as texts), when
 * it was made from the manifest whose stamp is `manifestStamp`; undefined otherwise (no copy,
 * another manifest's, another format, a damaged file): the caller then reads the manifest.
 */
export function readBootFile(dir: string, manifestStamp: string): Record<string, unknown> | undefined {
  let text: string;
  try {
    const bytes = readFileSync(join(dir, BOOT_FILE_NAME));
    text = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  } catch {
    return undefined;
  }
  const newline = text.indexOf('\n');
  if (newline === -1 || !text.endsWith('\n')) return undefined;
  let head: unknown;
  try {
    head = JSON.parse(text.slice(0, newline));
  } catch {
    return undefined;
  }
  if (!isObject(head) || head.armatureBoot !== BOOT_FILE_FORMAT || head.manifestStamp !== manifestStamp || !isObject(head.manifest))
    return undefined;
  const count = head.schemaCount;
  if (!Number.isSafeInteger(count) || (count as number) < 0) return undefined;
  const body = text.slice(newline + 1, -1);
  const schemas = body === '' ? [] : body.split('\n');
  if (schemas.length !== count) return undefined;
  return { ...head.manifest, schemas };
}
