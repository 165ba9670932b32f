import type { ToolTerms } from './tool-document';
import type { ToolIndexDocument } from './tool-index-format';

/** BM25's term-frequency saturation and length normalisation (the usual values). */
const K1 = 1.2;
const B = 0.75;

/** Indexed tools: a manifest's index file, or tools indexed in this process. */
export interface SearchSegment {
  readonly names: readonly string[];
  readonly lengths: readonly number[];
  /** Sum of `lengths`. */
  readonly totalLength: number;
  /** Flat postings of a term: document number, weighted frequency, … */
  postings(term: string): readonly number[] | undefined;
  /** Names whose documents here no longer count (another segment describes those tools now). */
  readonly shadowed?: ReadonlySet<string>;
}

/** The segment of an index file, used as it was parsed. */
export class IndexFileSegment implements SearchSegment {
  private total: number | undefined;
  private nameSet: ReadonlySet<string> | undefined;
  shadowed: ReadonlySet<string> | undefined;

  constructor(private readonly document: ToolIndexDocument) {}

  get names(): readonly string[] {
    return this.document.tools;
  }

  get lengths(): readonly number[] {
    return this.document.lengths;
  }

  get totalLength(): number {
    return (this.total ??= this.document.lengths.reduce((sum, length) => sum + (typeof length === 'number' ? length : 0), 0));
  }

  has(name: string): boolean {
    return (this.nameSet ??= new Set(this.document.tools)).has(name);
  }

  postings(term: string): readonly number[] | undefined {
    return Object.hasOwn(this.document.terms, term) ? this.document.terms[term] : undefined;
  }
}

/** A segment made in this process (tools no index file describes, titles). */
export class MemorySegment implements SearchSegment {
  readonly names: string[] = [];
  readonly lengths: number[] = [];
  totalLength = 0;
  private readonly terms = new Map<string, number[]>();

  add(name: string, tool: ToolTerms): void {
    if (tool.length === 0) return;
    const doc = this.names.length;
    this.names.push(name);
    this.lengths.push(tool.length);
    this.totalLength += tool.length;
    for (const [term, count] of tool.terms) {
      let list = this.terms.get(term);
      if (list === undefined) this.terms.set(term, (list = []));
      list.push(doc, count);
    }
  }

  postings(term: string): readonly number[] | undefined {
    return this.terms.get(term);
  }
}

/**
 * Adds the BM25 scores of `terms` over `segments`, taken as one collection (document count,
 * average length and document frequencies summed over them), to `scores` by tool name, times
 * `weight`. A segment's shadowed documents are left out; document numbers out of range (a file
 * edited by hand) are ignored.
 */
export function addBm25Scores(segments: readonly SearchSegment[], terms: readonly string[], scores: Map<string, number>, weight = 1): void {
  let count = 0;
  let total = 0;
  for (const segment of segments) {
    count += segment.names.length;
    total += segment.totalLength;
  }
  if (count === 0 || total <= 0) return;
  const average = total / count;
  for (const term of terms) {
    let df = 0;
    for (const segment of segments) df += (segment.postings(term)?.length ?? 0) / 2;
    if (df === 0) continue;
    const idf = Math.log(1 + (count - df + 0.5) / (df + 0.5));
    for (const segment of segments) {
      const list = segment.postings(term);
      if (list === undefined) continue;
      const { names, lengths, shadowed } = segment;
      for (let i = 0; i + 1 < list.length; i += 2) {
        const name = names[list[i] as number];
        const tf = list[i + 1] as number;
        if (name === undefined || !(tf > 0)) continue;
        if (shadowed !== undefined && shadowed.has(name)) continue;
        const length = (lengths[list[i] as number] as number) || average;
        const score = (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / average));
        scores.set(name, (scores.get(name) ?? 0) + weight * score);
      }
    }
  }
}
