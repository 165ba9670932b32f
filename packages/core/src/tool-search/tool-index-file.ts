import { isAscii } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ManifestFile } from '../manifest/manifest-file';
import { TOKENIZER_VERSION } from './search-tokens';
import { TOOL_INDEX_FILE_NAME, TOOL_INDEX_FORMAT, type ToolIndexDocument } from './tool-index-format';

/** A manifest's tool index as read at start-up, or why there is none to use. */
export type LoadedToolIndex =
  | { readonly ok: true; readonly document: ToolIndexDocument; readonly file: string }
  | { readonly ok: false; readonly missing: boolean; readonly file: string; readonly why: string };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads the `armature.tool-index.json` beside a manifest file and checks what can be checked
 * without walking it: its format, its tokenizer, and that it was built from these manifest bytes.
 * The postings themselves are read as they are (a query checks each document number it uses).
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
  let value: unknown;
  try {
    // Mostly ASCII, whose bytes are their own Latin-1 text: a cheaper decode than UTF-8's.
    value = JSON.parse(isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8'));
  } catch (error) {
    return { ok: false, missing: false, file, why: `it is not JSON (${(error as Error).message})` };
  }
  if (!isObject(value) || value.armatureToolIndex !== TOOL_INDEX_FORMAT)
    return { ok: false, missing: false, file, why: `it is not a tool index of format ${TOOL_INDEX_FORMAT}` };
  if (value.tokenizer !== TOKENIZER_VERSION)
    return {
      ok: false,
      missing: false,
      file,
      why: `it was tokenized by another Armature version (tokenizer ${String(value.tokenizer)}, this core uses ${TOKENIZER_VERSION})`,
    };
  if (value.manifestDigest !== manifest.digest)
    return { ok: false, missing: false, file, why: `it was built for other bytes of ${manifest.path}` };
  const { tools, lengths, terms } = value;
  if (!Array.isArray(tools) || !Array.isArray(lengths) || tools.length !== lengths.length || !isObject(terms))
    return { ok: false, missing: false, file, why: 'its tools, lengths or terms are malformed' };
  return { ok: true, document: value as unknown as ToolIndexDocument, file };
}
