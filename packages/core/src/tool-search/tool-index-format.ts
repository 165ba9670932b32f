/** The file `armature build` writes beside `armature.manifest.json` for tool search. */
export const TOOL_INDEX_FILE_NAME = 'armature.tool-index.json';

/** The format of {@link TOOL_INDEX_FILE_NAME} this core writes and reads. */
export const TOOL_INDEX_FORMAT = 1;

/**
 * The first line of an index file: what a server checks at start-up, without reading the
 * postings (the second line, {@link ToolIndexBody}, is parsed when first searched).
 */
export interface ToolIndexHeader {
  /** {@link TOOL_INDEX_FORMAT}. */
  readonly armatureToolIndex: number;
  readonly comment?: string;
  /** The tokenizer that wrote it (`TOKENIZER_VERSION`): another one would not find the same words. */
  readonly tokenizer: number;
  /** SHA-256 (hex) of the manifest bytes it was built from: an index for other bytes is stale. */
  readonly manifestDigest: string;
  /** How many tools the body describes. */
  readonly toolCount: number;
}

/** The second line of an index file: every tool's weighted term frequencies as postings. */
export interface ToolIndexBody {
  /** Tool names; a tool's position is its document number. */
  readonly tools: readonly string[];
  /** Each tool's weighted length (the sum of its weighted term frequencies). */
  readonly lengths: readonly number[];
  /** Postings by term, flat: document number, weighted frequency, document number, … */
  readonly terms: { readonly [term: string]: readonly number[] };
}

/**
 * The tool-search index of one manifest, as `armature build` writes it: the header on the first
 * line, the body on the second, so a server checks it at start-up and parses the postings later.
 */
export interface ToolIndexDocument {
  readonly header: ToolIndexHeader;
  readonly body: ToolIndexBody;
}

/** The file's text: header line, body line. */
export function toolIndexText(document: ToolIndexDocument): string {
  return `${JSON.stringify(document.header)}\n${JSON.stringify(document.body)}\n`;
}
