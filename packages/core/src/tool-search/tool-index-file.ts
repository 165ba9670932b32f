import { isAscii } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ManifestFile } from '../manifest/manifest-file';
import { TOKENIZER_VERSION } from './search-tokens';
import { TOOL_INDEX_FILE_NAME, TOOL_INDEX_FORMAT, type ToolIndexBody, type ToolIndexHeader } from './tool-index-format';

/** A manifest's tool index as read at start-up (its body still bytes), or why there is none to use. */
export type LoadedToolIndex =
  | { readonly ok: true; readonly header: ToolIndexHeader; readonly body: () => ToolIndexBody; readonly file: string }
  | { readonly ok: false; readonly missing: boolean; readonly file: string; readonly why: string };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Mostly ASCII, whose bytes are their own Latin-1 text: a cheaper decode than UTF-8's. */
function decode(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

/**
 * Parses an index body; throws a message naming the file when it is not one. Document numbers
 * in the postings are not checked here (a query ignores those out of range).
 */
function parseBody(bytes: Buffer, file: string, toolCount: number): ToolIndexBody {
  let value: unknown;
  try {
    value = JSON.parse(decode(bytes));
  } catch (error) {
    throw new Error(`the tool-search index ${file} is not JSON after its header (${(error as Error).message})`);
  }
  if (!isObject(value)) throw new Error(`the tool-search index ${file} has no body`);
  const { tools, lengths, terms } = value;
  if (!Array.isArray(tools) || !Array.isArray(lengths) || tools.length !== toolCount || lengths.length !== toolCount || !isObject(terms))
    throw new Error(`the tool-search index ${file} has malformed tools, lengths or terms`);
  return value as unknown as ToolIndexBody;
}

/**
 * Reads the `armature.tool-index.json` beside a manifest file and checks its header line: its
 * format, its tokenizer, and that it was built from these manifest bytes. The body line (the
 * postings) is kept as bytes and parsed when first used, so start-up reads the file and parses
 * a few hundred bytes.
 */
export function loadToolIndex(manifest: ManifestFile): LoadedToolIndex {
  const file = join(manifest.dir, TOOL_INDEX_FILE_NAME);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return { ok: false, missing, file, why: missing ? 'it is missing' : `it cannot be read (${(error as Error).message})` };
  }
  const newline = bytes.indexOf(0x0a);
  let header: unknown;
  try {
    header = JSON.parse(decode(newline === -1 ? bytes : bytes.subarray(0, newline)));
  } catch (error) {
    return { ok: false, missing: false, file, why: `its header is not JSON (${(error as Error).message})` };
  }
  if (!isObject(header) || header.armatureToolIndex !== TOOL_INDEX_FORMAT || newline === -1)
    return { ok: false, missing: false, file, why: `it is not a tool index of format ${TOOL_INDEX_FORMAT}` };
  if (header.tokenizer !== TOKENIZER_VERSION)
    return {
      ok: false,
      missing: false,
      file,
      why: `it was tokenized by another Armature version (tokenizer ${String(header.tokenizer)}, this core uses ${TOKENIZER_VERSION})`,
    };
  if (header.manifestDigest !== manifest.digest())
    return { ok: false, missing: false, file, why: `it was built for other bytes of ${manifest.path}` };
  const toolCount = header.toolCount;
  if (!(Number.isSafeInteger(toolCount) && (toolCount as number) >= 0))
    return { ok: false, missing: false, file, why: 'its header has no tool count' };
  const rest = bytes.subarray(newline + 1);
  return { ok: true, header: header as unknown as ToolIndexHeader, body: () => parseBody(rest, file, toolCount as number), file };
}
