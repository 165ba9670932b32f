import type { UriMatchResult, UriTemplateOptions, UriTemplateValues } from './uri-template.types';
import { compileTemplate, type CompiledTemplate } from './uri-template-compiler';
import { matchCompiled } from './uri-template-matcher';
import { findOverlap } from './uri-template-overlap';

const compiledOf = new WeakMap<UriTemplate, CompiledTemplate>();

function programOf(t: UriTemplate | string): CompiledTemplate['program'] {
  return compiledTemplateOf(typeof t === 'string' ? UriTemplate.parse(t) : t).program;
}

/** The compiled form behind a template (for the tests' expander; not public API). */
export function compiledTemplateOf(template: UriTemplate): CompiledTemplate {
  return compiledOf.get(template) as CompiledTemplate;
}

/**
 * An RFC 6570 URI template, parsed and compiled once, immutable afterwards. `match` reads
 * a URI back into variables for the subset documented in `./index.ts`, runs in time linear
 * in the URI, and refuses unsafe values by default; `overlap` is the boot check that two
 * resource templates cannot claim the same URI.
 */
export class UriTemplate {
  /** The template text as given. */
  readonly template: string;
  /** Variable names, each once, in order of first appearance. */
  readonly variables: readonly string[];
  /**
   * Why matching this template is ambiguous, one message per problem (adjacent
   * expressions such as `{a}{b}`, a query parameter named twice); empty when it is not.
   * Such templates still match deterministically (earlier variables greedy).
   */
  readonly ambiguities: readonly string[];

  private constructor(compiled: CompiledTemplate) {
    this.template = compiled.source;
    this.variables = compiled.variables;
    this.ambiguities = compiled.ambiguities;
    compiledOf.set(this, compiled);
    Object.freeze(this);
  }

  /**
   * Parses and compiles a template. Throws `ArmatureError` with
   * `ARM_ERR_INVALID_URI_TEMPLATE` (not RFC 6570) or `ARM_ERR_INVALID_OPTIONS`, naming
   * the template, the offset and what to change. Ambiguity is not an error here (see
   * `ambiguities`): every RFC 6570 template parses.
   */
  static parse(template: string, options?: UriTemplateOptions): UriTemplate {
    return new UriTemplate(compileTemplate(template, options));
  }

  /**
   * Whether some URI has the shape of both templates (see `overlap`). Conservative: never
   * misses an overlap; may report one that value checks alone would have separated.
   */
  static ambiguous(a: UriTemplate | string, b: UriTemplate | string): boolean {
    return UriTemplate.overlap(a, b) !== null;
  }

  /** The shortest URI (normalized form) that both templates' matchers accept, or `null`. */
  static overlap(a: UriTemplate | string, b: UriTemplate | string): string | null {
    return findOverlap(programOf(a), programOf(b));
  }

  /** The decoded values when `uri` matches and passes the value checks; otherwise `null`. Never throws. */
  match(uri: string): UriTemplateValues | null {
    const result = matchCompiled(compiledTemplateOf(this), uri);
    return result.ok ? result.values : null;
  }

  /** Like `match`, with the reason for a refusal (`no-match`, `too-long`, `unsafe-value`) and a detail to log. */
  matchDetailed(uri: string): UriMatchResult {
    return matchCompiled(compiledTemplateOf(this), uri);
  }

  /** The template text. */
  toString(): string {
    return this.template;
  }
}
