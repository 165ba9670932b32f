/**
 * # URI templates (RFC 6570) for resource templates
 *
 * `UriTemplate.parse('notes://{id}')` compiles a template once; `template.match(uri)`
 * returns the decoded variables or `null`, `template.matchDetailed(uri)` says why not, and
 * `UriTemplate.overlap(a, b)` finds a URI two templates would both claim. This is what the
 * runtime uses: `routes/template-matcher.ts` parses each `@ResourceTemplate` at boot, the route
 * compiler refuses overlapping templates (`ARM_ERR_AMBIGUOUS_TEMPLATE`), and `resources/read`
 * matches in order. It exists because regex-based template matchers are a ReDoS hazard: this
 * one is a linear-time automaton. (RFC 6570 expansion lives with the tests, which check that
 * matching inverts it.)
 *
 * ## Matching
 * - Operators: `{x}`, `{+x}`, `{#x}`, `{.x}`, `{/x}`, `{;x}`, `{?x}`, `{&x}`, several
 *   variables per expression (`{x,y}`, `{/a,b}`), explode `*` for lists.
 * - Values are pct-decoded exactly once (`%252F` → `%2F`, never `/`); invalid
 *   pct-encoding or invalid UTF-8 is "no match", never an exception. URIs may be IRIs:
 *   non-ASCII characters match their UTF-8 pct-encoding and vice versa; hex case is ignored.
 * - Every variable is optional, as in expansion (undefined variables expand to nothing).
 *   `{x}` and `{+x}` always yield a string (possibly empty); a variable of a prefixed
 *   operator (`{/x}`, `{?x}`…) that is absent from the URI is absent from the result.
 * - Plain variables yield strings, exploded ones (`{/path*}`, `{?tag*}`) string lists.
 *   A non-exploded variable is always a string: `{?list}` on `?list=a,b` gives `"a,b"`.
 *   Exploded items are split at the operator's separator; for `{.x*}`, `{+x*}`, `{#x*}`,
 *   whose values may hold that separator raw, at every occurrence. Associative arrays
 *   are not matched.
 * - `:n` caps the matched value at n characters (code points); a longer value is no match.
 *   A variable used twice must agree with itself (`{/v:1,v}` matches `/v/value`).
 * - Trailing query expressions (`{?a,b}{&c}` at the end of the template) match named
 *   parameters in any order, each optional; a bare `a` is `""`; a plain parameter given
 *   twice is no match; an exploded one collects every value. Unknown parameters make the
 *   URI not match unless `allowUnknownQueryParams: true` (then they are ignored, also on
 *   templates without query expressions). The query starts at the first `?` (at `&` when
 *   the trailing expressions start with `{&…}`, as RFC 6570 §3.2.9 expands them).
 * - Clients build URIs by hand, so values may hold any RFC 3986 `pchar` raw (e.g. `:`,
 *   `@`, `!`), not only what expansion emits; what delimits cannot be in a value: the
 *   operator's separator, `/` outside `{+x}`/`{#x}`, `&` in a query, `?` and `#` in the
 *   path (a `{+x}` value never spans a component delimiter).
 * - Ambiguity inside one template: expressions with no literal between them are
 *   ambiguous when the first can contain a character the second can start with
 *   (`{a}{b}`, `{name}{.ext}`, `{+p}{/x}`); `{a}{/b}`, `{id}{?q}`, `{/a}{/b}` are not.
 *   Such templates are still valid RFC 6570 (`up{+path}{var}/here` is an RFC example), so
 *   they parse; `template.ambiguities` describes the problem. Matching is
 *   deterministic everywhere: variables fill left to right and each is as long as it can
 *   be while the rest still matches (`{name}.{ext}` on `a.tar.gz` gives `a.tar`, `gz`;
 *   `{a}{b}` on `xy` gives `xy`, `""`) — except inside one expression, where every
 *   variable but the last is as short as it can be so later ones get values
 *   (`{.who,who}` on `.fred.fred` gives `fred`; `{+x,y}` on `a,b,c` gives `a`, `b,c`;
 *   `{/list*,last}` on `/a/b/c` gives `[a, b]`, `c`).
 * - Literal text compares exactly (scheme and host case included), after hex case and
 *   non-ASCII characters are normalized on both sides.
 * - Linear time, no backtracking: a Pike VM runs the template's automaton over the URI,
 *   at most 2 × (program size) steps per character, whatever the URI holds. `match` and
 *   `matchDetailed` never throw.
 *
 * ## Safety defaults (docs/SECURITY.md), checked after decoding, before any handler runs
 * - `too-long`: URIs over 8192 UTF-16 code units (`maxUriLength`) are refused unread.
 * - `unsafe-value`, with `check`:
 *   `control-character` (NUL, C0, DEL, C1, raw or `%00`); `dot-segment` (a `.` or `..`
 *   segment, raw or `%2e%2e`, split at `/` and `\`); `encoded-separator` (`%2F`/`%5C` in
 *   a single-segment variable: every operator but `+`, `#`, `?`, `&`); `backslash`;
 *   `absolute-path` (a leading `/` or `\`, or a Windows drive root `C:`, `C:/`, `C:\`):
 *   values are relative by default, so `file://{+path}`, whose values are absolute paths,
 *   needs `allowUnsafeValues: { absolutePaths: true }` (and a handler that confines the
 *   path to the roots it serves).
 * - Per template: `allowUnsafeValues: true` turns all value checks off;
 *   `{ dotSegments, controlCharacters, encodedSeparators, backslashes, absolutePaths }`
 *   turns chosen ones off.
 *
 * ## Overlap between templates
 * `UriTemplate.overlap(a, b)` returns the shortest URI whose shape both templates accept
 * (or `null`), by a search over the product of their automata: exact for shape, literals
 * and value characters; blind to prefix lengths, query-parameter names and value checks,
 * so it may over-report, never under-report. The app's route compiler reports every such pair
 * at boot as `ARM_ERR_AMBIGUOUS_TEMPLATE`.
 *
 * Errors (`ArmatureError`): `ARM_ERR_INVALID_URI_TEMPLATE` (not RFC 6570, with the
 * offset), `ARM_ERR_INVALID_OPTIONS`.
 */
export { UriTemplate } from './uri-template';
export { UriTemplateErrorCode } from './uri-template-errors';
export { DEFAULT_MAX_URI_LENGTH } from './uri-template-options';
export type {
  UnsafeValueCheck,
  UnsafeValuePolicy,
  UriMatchFailureReason,
  UriMatchResult,
  UriTemplateOptions,
  UriTemplateValues,
} from './uri-template.types';
