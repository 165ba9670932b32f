/** The file `armature build` writes beside `armature.manifest.json` for tool search. */
export const TOOL_INDEX_FILE_NAME = 'armature.tool-index.json';

/** The format of {@link TOOL_INDEX_FILE_NAME} this core writes and reads. */
export const TOOL_INDEX_FORMAT = 1;

/**
 * The tool-search index of one manifest: every tool's weighted term frequencies as postings, so
 * a server loads it and answers queries without tokenizing anything at start-up.
 */
export interface ToolIndexDocument {
  /** {@link TOOL_INDEX_FORMAT}. */
  readonly armatureToolIndex: number;
  readonly comment?: string;
  /** The tokenizer that wrote it (`TOKENIZER_VERSION`): another one would not find the same words. */
  readonly tokenizer: number;
  /** SHA-256 (hex) of the manifest bytes it was built from: an index for other bytes is stale. */
  readonly manifestDigest: string;
  /** Tool names; a tool's position is its document number. */
  readonly tools: readonly string[];
  /** Each tool's weighted length (the sum of its weighted term frequencies). */
  readonly lengths: readonly number[];
  /** Postings by term, flat: document number, weighted frequency, document number, … */
  readonly terms: { readonly [term: string]: readonly number[] };
}
