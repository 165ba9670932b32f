import type { RequestId } from '../wire/mcp-types.generated';
import { isRequestId } from './json-rpc-errors';
import { rawTopLevelId } from './raw-id';

/** From 2^52 on, a written fraction can round to an integer (doubles are 1 apart there). */
const ROUNDING_RANGE = 2 ** 52;

/**
 * True when the numeric id JSON.parse produced is not what `text` wrote (`4503599627370497.5`
 * becomes an integer). Below 2^52 the hot path pays one comparison; above, the raw token is
 * read and must be the integer's canonical decimal form.
 */
export function roundedId(text: string, id: number): boolean {
  if (id < ROUNDING_RANGE && id > -ROUNDING_RANGE) return false;
  return rawTopLevelId(text) !== String(id);
}

/**
 * The top-level id of a frame refused before `JSON.parse` (too deep), when it can be echoed
 * faithfully: a string of at most `maxIdLength` characters or an integer written canonically.
 */
export function readableId(text: string, maxIdLength: number): RequestId | undefined {
  const raw = rawTopLevelId(text);
  if (raw === undefined || raw.length > maxIdLength * 6 + 2) return undefined;
  let id: unknown;
  try {
    id = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!isRequestId(id)) return undefined;
  if (typeof id === 'string') return id.length <= maxIdLength ? id : undefined;
  return String(id) === raw ? id : undefined;
}
