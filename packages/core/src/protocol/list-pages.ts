import { McpWireError } from '../errors/wire-error';
import { registerEncodedResult } from '../jsonrpc/json-rpc-encoder';
import { jsonOf } from '../metadata/known-json';

/** The result key of each paginated list method. */
export type ListKey = 'tools' | 'resources' | 'resourceTemplates' | 'prompts';

/** A cursor names its list, so a tools cursor is refused by prompts/list. */
const CURSOR_TAG: Readonly<Record<ListKey, string>> = Object.freeze({ tools: 't', resources: 'r', resourceTemplates: 'T', prompts: 'p' });
const MAX_CURSOR_LENGTH = 32;
const DIGITS = /^[1-9][0-9]{0,14}$/;

type Page = Readonly<Record<string, unknown>>;

/**
 * What a list method pages through: an array, or a view whose `slice` makes the entries of
 * one page only (10,001 tools: the first page makes 1,000 list entries, not 10,001). Frozen
 * (an array or a view) means unchanging: its pages are cached.
 */
export interface ListEntries<E> {
  readonly length: number;
  slice(start: number, end: number): readonly E[];
  /**
   * The JSON texts of the entries `slice` would make, written without making them (undefined
   * where an entry cannot be written so): a page's text is joined from these, and its entries
   * are made when someone reads the page's array, not to answer on the wire.
   */
  texts?(start: number, end: number): readonly (string | undefined)[] | undefined;
}

interface PageCache {
  readonly pageSize: number;
  readonly pages: Map<number, Page>;
}

/** Pages keyed by the identity of the feature's frozen array: a new array means new pages. */
const pageCaches = new WeakMap<ListEntries<unknown>, PageCache>();

/** An opaque cursor for the page starting at `offset`. */
export function encodeCursor(key: ListKey, offset: number): string {
  return Buffer.from(`${CURSOR_TAG[key]}${offset}`, 'latin1').toString('base64url');
}

/** The offset a cursor stands for; -32602 for anything this engine did not issue (MCP pagination). */
export function decodeCursor(key: ListKey, cursor: unknown, pageSize: number): number {
  if (cursor === undefined) return 0;
  if (typeof cursor === 'string' && cursor.length > 0 && cursor.length <= MAX_CURSOR_LENGTH) {
    const raw = Buffer.from(cursor, 'base64url').toString('latin1');
    const digits = raw.slice(1);
    if (raw.charAt(0) === CURSOR_TAG[key] && DIGITS.test(digits)) {
      const offset = Number(digits);
      if (offset % pageSize === 0 && encodeCursor(key, offset) === cursor) return offset;
    }
  }
  throw McpWireError.invalidParams('Invalid params: invalid cursor');
}

function buildPage(key: ListKey, items: ListEntries<unknown>, offset: number, pageSize: number): Page {
  const end = offset + pageSize;
  const slice = Array.isArray(items) && offset === 0 && items.length <= pageSize ? items : Object.freeze(items.slice(offset, end));
  const page: Record<string, unknown> = { [key]: slice };
  if (end < items.length) page.nextCursor = encodeCursor(key, end);
  return Object.freeze(page);
}

/**
 * A page like `buildPage`'s whose entries are made when its array is first read (an enumerable
 * getter, so the page reads, copies and serializes as before), with its text joined from the
 * entries' texts: answering a first `tools/list` of 1,000 manifest tools makes no entry object.
 */
function lazyPage(
  key: ListKey,
  items: ListEntries<unknown>,
  offset: number,
  pageSize: number,
  texts: readonly (string | undefined)[],
): Page {
  const end = offset + pageSize;
  let slice: readonly unknown[] | undefined;
  const page: Record<string, unknown> = {};
  Object.defineProperty(page, key, { get: () => (slice ??= Object.freeze(items.slice(offset, end))), enumerable: true });
  if (end < items.length) page.nextCursor = encodeCursor(key, end);
  Object.freeze(page);
  // An entry with no text of its own is made and serialized (as pageJson does).
  const entryJson = (text: string | undefined, i: number): string => text ?? jsonOf(items.slice(offset + i, offset + i + 1)[0]) ?? 'null';
  registerPage(page, () => pageText(key, texts.map(entryJson), page.nextCursor));
  return page;
}

function pageText(key: ListKey, parts: readonly string[], cursor: unknown): string {
  const next = cursor === undefined ? '' : `,"nextCursor":${JSON.stringify(cursor)}`;
  return `{${JSON.stringify(key)}:[${parts.join(',')}]${next}}`;
}

/**
 * `JSON.stringify(page)`, joined from the remembered texts of its entries where there are
 * some (see `known-json.ts`): the same text, without serializing shared schemas per entry.
 */
function pageJson(key: ListKey, page: Page): string {
  const items = page[key] as readonly unknown[];
  const parts = new Array<string>(items.length);
  // An entry JSON cannot represent (undefined, a function) is null in an array, as in JSON.stringify.
  for (let i = 0; i < items.length; i++) parts[i] = jsonOf(items[i]) ?? 'null';
  return pageText(key, parts, page.nextCursor);
}

/** Registers the page's text, when it can be written. */
function registerPage(page: Page, text: () => string): void {
  try {
    registerEncodedResult(page, text());
  } catch {
    // Left unregistered: the encoder will meet the same failure and answer -32603.
  }
}

/**
 * One page of a list result. Pages of a frozen array are built once, frozen, shared by every
 * session and pre-serialized, so a repeated `tools/list` costs a lookup. An offset past the
 * end (the list shrank between pages) yields an empty, final page.
 */
export function listPage(key: ListKey, items: ListEntries<unknown>, offset: number, pageSize: number): object {
  if (offset >= items.length && offset > 0) return Object.freeze({ [key]: [] });
  if (!Object.isFrozen(items)) return buildPage(key, items, offset, pageSize);
  let cache = pageCaches.get(items);
  if (cache === undefined || cache.pageSize !== pageSize) {
    cache = { pageSize, pages: new Map() };
    pageCaches.set(items, cache);
  }
  let page = cache.pages.get(offset);
  if (page === undefined) {
    const texts = items.texts?.(offset, offset + pageSize);
    if (texts !== undefined) page = lazyPage(key, items, offset, pageSize, texts);
    else {
      const built = buildPage(key, items, offset, pageSize);
      registerPage(built, () => pageJson(key, built));
      page = built;
    }
    cache.pages.set(offset, page);
  }
  return page;
}
