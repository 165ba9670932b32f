import type { ToolTerms } from './tool-document';
import type { ToolIndexBody } from './tool-index-format';

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

const EMPTY_BODY: ToolIndexBody = Object.freeze({ tools: [], lengths: [], terms: {} });

/**
 * The segment of an index file. Its body is parsed when first read (the first search, or idle
 * time after the first `tools/list`); a body that does not parse is reported once and counts as
 * empty, so its tools are indexed in process instead.
 */
export class IndexFileSegment implements SearchSegment {
  private parsed: ToolIndexBody | undefined;
  private total: number | undefined;
  private nameSet: ReadonlySet<string> | undefined;
  shadowed: ReadonlySet<string> | undefined;

  constructor(
    private readonly read: () => ToolIndexBody,
    private readonly onUnreadable: (error: unknown) => void = () => undefined,
  ) {}

  private get body(): ToolIndexBody {
    if (this.parsed === undefined) {
      try {
        this.parsed = this.read();
      } catch (error) {
        this.parsed = EMPTY_BODY;
        this.onUnreadable(error);
      }
    }
    return this.parsed;
  }

  get names(): readonly string[] {
    return this.body.tools;
  }

  get lengths(): readonly number[] {
    return this.body.lengths;
  }

  get totalLength(): number {
    return (this.total ??= this.body.lengths.reduce((sum, length) => sum + (typeof length === 'number' ? length : 0), 0));
  }

  has(name: string): boolean {
    return (this.nameSet ??= new Set(this.body.tools)).has(name);
  }

  postings(term: string): readonly number[] | undefined {
    const terms = this.body.terms;
    return Object.hasOwn(terms, term) ? terms[term] : undefined;
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
 * The BM25 scores of `terms` over `segments`, taken as one collection (document count, average
 * length and document frequencies summed over them): one array per segment, by document number
 * (undefined where no document matched). A segment's shadowed documents are left out; document
 * numbers out of range (a file edited by hand) are ignored.
 */
export function bm25Scores(segments: readonly SearchSegment[], terms: readonly string[]): (Float64Array | undefined)[] {
  const scores: (Float64Array | undefined)[] = segments.map(() => undefined);
  let count = 0;
  let total = 0;
  for (const segment of segments) {
    count += segment.names.length;
    total += segment.totalLength;
  }
  if (count === 0 || total <= 0) return scores;
  const average = total / count;
  for (const term of terms) {
    let df = 0;
    for (const segment of segments) df += (segment.postings(term)?.length ?? 0) / 2;
    if (df === 0) continue;
    const idf = Math.log(1 + (count - df + 0.5) / (df + 0.5));
    segments.forEach((segment, s) => {
      const list = segment.postings(term);
      if (list === undefined) return;
      const { names, lengths, shadowed } = segment;
      const into = (scores[s] ??= new Float64Array(names.length));
      for (let i = 0; i + 1 < list.length; i += 2) {
        const doc = list[i] as number;
        const tf = list[i + 1] as number;
        if (!Number.isInteger(doc) || doc < 0 || doc >= into.length || !(tf > 0)) continue;
        if (shadowed !== undefined && shadowed.has(names[doc] as string)) continue;
        const length = (lengths[doc] as number) || average;
        into[doc] = (into[doc] as number) + (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / average));
      }
    });
  }
  return scores;
}
