import { encodedResultOf, registerEncodedResult } from '../jsonrpc/json-rpc-encoder';
import type { Implementation } from '../wire/mcp-types.generated';
import { type CacheHint, type CacheHints, cacheHintOf, DEFAULT_CACHE_HINT } from './cache-hints';
import { META } from './mcp-2026';

const LIST_METHODS: ReadonlySet<string> = new Set(['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list']);

/** The keys `decorate` adds after the source's own. */
const DECORATION_KEYS = ['resultType', 'ttlMs', 'cacheScope', '_meta'] as const;

/**
 * `JSON.stringify(decorated)` spliced from the source page's registered text and the JSON of
 * the keys decoration added: a 2026 list page is not serialized a second time (1,000 entries
 * whose manifest schemas would each be parsed to be written again). Undefined when the source
 * has no registered text or holds a decoration key itself (then the key keeps its place in the
 * source's order and a splice would move it).
 */
function decoratedText(source: object, decorated: Readonly<Record<string, unknown>>): string | undefined {
  const text = encodedResultOf(source);
  if (text === undefined || text.charCodeAt(text.length - 1) !== 0x7d) return undefined;
  const tail: Record<string, unknown> = {};
  for (const key of DECORATION_KEYS) {
    if (Object.hasOwn(source, key)) return undefined;
    tail[key] = decorated[key];
  }
  const added = JSON.stringify(tail);
  return text === '{}' ? added : `${text.slice(0, -1)},${added.slice(1)}`;
}

/**
 * A copy of a list page that keeps a getter a getter (a page of manifest tools makes its entries
 * when its array is first read, `list-pages.ts`): decorating it makes no entry. Once per page.
 */
function copyKeepingGetters(result: object): Record<string, unknown> {
  const source = result as Readonly<Record<string, unknown>>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(source)) {
    const property = Object.getOwnPropertyDescriptor(source, key);
    if (property?.get !== undefined) Object.defineProperty(out, key, { get: property.get, enumerable: true, configurable: true });
    else out[key] = source[key];
  }
  return out;
}

/**
 * Turns a feature's result into a 2026 result: `resultType`, `serverInfo` in `_meta`, and
 * `ttlMs` + `cacheScope` on lists, `resources/read` and `server/discover`. Frozen list pages
 * (shared, pre-serialized) are decorated once and remembered with their JSON text.
 */
export class ResultDecoration {
  private readonly pages = new WeakMap<object, object>();
  /** The `_meta` of every result that brings none of its own: one frozen object, shared (nothing edits a result once decorated). */
  private readonly serverMeta: Readonly<Record<string, unknown>>;
  private readonly lists: CacheHint;
  private readonly resources: CacheHint;
  readonly discover: CacheHint;

  constructor(
    private readonly serverInfo: Implementation,
    hints: CacheHints | undefined,
  ) {
    this.lists = hints?.lists ?? DEFAULT_CACHE_HINT;
    this.resources = hints?.resources ?? DEFAULT_CACHE_HINT;
    this.discover = hints?.discover ?? DEFAULT_CACHE_HINT;
    this.serverMeta = Object.freeze({ [META.serverInfo]: serverInfo });
  }

  /** The 2026 form of a `complete` result of `method`. */
  complete(method: string, result: object): object {
    if (LIST_METHODS.has(method)) {
      if (!Object.isFrozen(result))
        return this.decorate(result, Object.assign({}, result as Record<string, unknown>), 'complete', this.lists);
      let page = this.pages.get(result);
      if (page === undefined) {
        const decorated = Object.freeze(this.decorate(result, copyKeepingGetters(result), 'complete', this.lists));
        page = decorated;
        try {
          registerEncodedResult(decorated, decoratedText(result, decorated) ?? JSON.stringify(decorated));
        } catch {
          // Left unregistered: the encoder meets the same failure and answers -32603.
        }
        this.pages.set(result, page);
      }
      return page;
    }
    if (method === 'resources/read')
      return this.decorate(result, Object.assign({}, result as Record<string, unknown>), 'complete', cacheHintOf(result) ?? this.resources);
    return this.decorate(result, Object.assign({}, result as Record<string, unknown>), 'complete', undefined);
  }

  /** A result of another type (`input_required`), with `serverInfo`. */
  other(resultType: string, result: object): object {
    return this.decorate(result, Object.assign({}, result as Record<string, unknown>), resultType, undefined);
  }

  /**
   * Adds the 2026 keys to `out`, a copy of `result`'s own properties: Object.assign then plain
   * stores (`{ ...source, resultType }` takes a slow path in Node 20's V8, about 0.5 µs against
   * 40 ns per result, measured in bench/tools/exchange-2026.js), or a page's getter-keeping copy.
   */
  private decorate(result: object, out: Record<string, unknown>, resultType: string, hint: CacheHint | undefined): Record<string, unknown> {
    const source = result as Record<string, unknown>;
    out.resultType = resultType;
    if (hint !== undefined) {
      // A hint the result already carries (set by the author for one resource) wins.
      if (out.ttlMs === undefined) out.ttlMs = hint.ttlMs;
      if (out.cacheScope === undefined) out.cacheScope = hint.scope;
    }
    const meta = source._meta;
    if (typeof meta === 'object' && meta !== null) {
      const merged: Record<string, unknown> = Object.assign({}, meta as Record<string, unknown>);
      merged[META.serverInfo] = this.serverInfo;
      out._meta = merged;
    } else out._meta = this.serverMeta;
    return out;
  }
}
