import { ArmatureError } from '@armature/di';
import type { UriMatchResult, UriTemplateValues } from './uri-template.types';
import { UriTemplate, compiledTemplateOf } from './uri-template';
import { UriTemplateErrorCode, quote } from './uri-template-errors';
import { matchNormalized } from './uri-template-matcher';
import { normalizeUri } from './uri-normalizer';

/** A template registered with the value it routes to. */
export interface UriTemplateEntry<T> {
  readonly template: UriTemplate;
  readonly value: T;
}

/** Two registered templates that some URI fits both of, with such a URI. */
export interface UriTemplateConflict<T> {
  readonly a: UriTemplateEntry<T>;
  readonly b: UriTemplateEntry<T>;
  readonly example: string;
}

/** A registry lookup: the entry and values, or the most telling refusal. */
export type UriTemplateLookup<T> =
  | { readonly ok: true; readonly entry: UriTemplateEntry<T>; readonly values: UriTemplateValues }
  | (Extract<UriMatchResult, { ok: false }> & { readonly entry?: UriTemplateEntry<T> });

const SEVERITY = { 'no-match': 0, 'too-long': 1, 'unsafe-value': 2 } as const;

/**
 * Routes URIs to templates. Lookup order is deterministic: more literal characters
 * first, then fewer `{+…}`/`{#…}` expressions, then registration order. The first
 * template that accepts the URI wins; each template applies its own length limit and
 * value checks, so no handler sees a value its own template refuses. `conflicts()`
 * reports every pair of templates that could match the same URI (see
 * `UriTemplate.overlap`); `assertUnambiguous()` throws on those and on templates that are
 * ambiguous on their own, so a server can refuse to boot on them.
 */
export class UriTemplateRegistry<T> {
  private ordered: UriTemplateEntry<T>[] = [];
  private added = new Map<UriTemplateEntry<T>, number>();
  private counter = 0;

  /** Entries in lookup order. */
  get entries(): readonly UriTemplateEntry<T>[] {
    return this.ordered.slice();
  }

  /** Registers a template (parsed with default options when given as text). */
  add(template: UriTemplate | string, value: T): UriTemplateEntry<T> {
    const entry = Object.freeze({ template: typeof template === 'string' ? UriTemplate.parse(template) : template, value });
    this.added.set(entry, this.counter++);
    this.ordered = [...this.ordered, entry].sort((x, y) => this.compare(x, y));
    return entry;
  }

  /** Removes an entry, or every entry whose template text is the given string. Returns whether any was removed. */
  remove(target: UriTemplateEntry<T> | string): boolean {
    const keep = this.ordered.filter((e) => (typeof target === 'string' ? e.template.template !== target : e !== target));
    const removed = keep.length !== this.ordered.length;
    for (const e of this.ordered) if (!keep.includes(e)) this.added.delete(e);
    this.ordered = keep;
    return removed;
  }

  /** The first entry accepting `uri`, with its values; otherwise `null`. Never throws. */
  match(uri: string): { readonly entry: UriTemplateEntry<T>; readonly values: UriTemplateValues } | null {
    const r = this.matchDetailed(uri);
    return r.ok ? { entry: r.entry, values: r.values } : null;
  }

  /** Like `match`; on refusal, the most severe reason any template gave (unsafe-value > too-long > no-match). */
  matchDetailed(uri: string): UriTemplateLookup<T> {
    if (typeof uri !== 'string') return { ok: false, reason: 'no-match', detail: 'the URI is not a string' };
    let worst: UriTemplateLookup<T> = { ok: false, reason: 'no-match', detail: `no template matches ${quote(uri, 64)}` };
    let normalized: ReturnType<typeof normalizeUri> | null = null;
    for (const entry of this.ordered) {
      const t = compiledTemplateOf(entry.template);
      let r: UriMatchResult;
      if (uri.length > t.options.maxUriLength) {
        r = { ok: false, reason: 'too-long', detail: `the URI has ${uri.length} characters; the limit is ${t.options.maxUriLength}` };
      } else {
        normalized ??= normalizeUri(uri);
        if (!normalized.ok) return { ok: false, reason: 'no-match', detail: normalized.detail };
        r = matchNormalized(t, normalized.text);
      }
      if (r.ok) return { ok: true, entry, values: r.values };
      if (SEVERITY[r.reason] > SEVERITY[worst.ok ? 'no-match' : worst.reason]) worst = { ...r, entry };
    }
    return worst;
  }

  /** Every pair of entries whose templates overlap, in lookup order. */
  conflicts(): UriTemplateConflict<T>[] {
    const out: UriTemplateConflict<T>[] = [];
    for (let i = 0; i < this.ordered.length; i++) {
      for (let j = i + 1; j < this.ordered.length; j++) {
        const example = UriTemplate.overlap(this.ordered[i].template, this.ordered[j].template);
        if (example !== null) out.push({ a: this.ordered[i], b: this.ordered[j], example });
      }
    }
    return out;
  }

  /**
   * Throws `ARM_ERR_AMBIGUOUS_TEMPLATE` listing every template that is ambiguous on its own
   * (`UriTemplate.ambiguities`) and every overlapping pair with a URI both match.
   */
  assertUnambiguous(): void {
    const own = this.ordered.flatMap((e) => e.template.ambiguities.map((a) => `  ${quote(e.template.template)}: ${a}`));
    const pairs = this.conflicts().map(
      (c) => `  ${quote(c.a.template.template)} and ${quote(c.b.template.template)} both match ${quote(c.example)}`,
    );
    if (own.length === 0 && pairs.length === 0) return;
    const sections: string[] = [];
    if (own.length > 0) sections.push(`Resource templates that cannot be matched unambiguously:\n${own.join('\n')}`);
    if (pairs.length > 0) {
      sections.push(
        `Resource templates a URI could be routed to more than one of:\n${pairs.join('\n')}\n` +
          'Make them differ in a literal part or in a character their values cannot hold ("notes://{id}" and ' +
          '"notes://{id}/history" do not overlap, since {id} cannot hold "/"), or merge them into one template.',
      );
    }
    throw new ArmatureError(UriTemplateErrorCode.AMBIGUOUS, sections.join('\n'));
  }

  private compare(x: UriTemplateEntry<T>, y: UriTemplateEntry<T>): number {
    const cx = compiledTemplateOf(x.template);
    const cy = compiledTemplateOf(y.template);
    return (
      cy.literalLength - cx.literalLength ||
      cx.wideExpressions - cy.wideExpressions ||
      (this.added.get(x) as number) - (this.added.get(y) as number)
    );
  }
}
