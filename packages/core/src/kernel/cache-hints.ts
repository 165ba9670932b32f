// CacheHint is an author option, declared with the others (metadata/option-shapes.ts).
import type { CacheHint } from '../metadata/option-shapes';
export type { CacheHint };

/** App-wide cache hints per kind of cacheable result (`ArmatureOptions.cache`). */
export interface CacheHints {
  /** `tools/list`, `prompts/list`, `resources/list`, `resources/templates/list`. */
  readonly lists?: CacheHint;
  /** `resources/read`, unless the resource or template sets its own. */
  readonly resources?: CacheHint;
  /** `server/discover`. */
  readonly discover?: CacheHint;
}

/**
 * The defaults: nothing is cached (`ttlMs: 0`) and nothing is shared across principals
 * (`private`). Lists change at run time (list_changed) and may be filtered per principal, and
 * resource contents are the author's data, so only the author can say a longer or public
 * lifetime is safe.
 */
export const DEFAULT_CACHE_HINT: CacheHint = Object.freeze({ ttlMs: 0, scope: 'private' });

/** True for a well-formed hint (a non-negative integer ttl and a known scope). */
export function isCacheHint(value: unknown): value is CacheHint {
  if (typeof value !== 'object' || value === null) return false;
  const hint = value as { ttlMs?: unknown; scope?: unknown };
  return Number.isSafeInteger(hint.ttlMs) && (hint.ttlMs as number) >= 0 && (hint.scope === 'public' || hint.scope === 'private');
}

/** Hints a resource or template set for one read result (`cache` option), by result object. */
const resultHints = new WeakMap<object, CacheHint>();

/** Records the author's hint for a `resources/read` result; the 2026 decoration uses it before the app default. */
export function withCacheHint<T extends object>(result: T, hint: CacheHint): T {
  if (typeof result === 'object' && result !== null) resultHints.set(result, hint);
  return result;
}

/** The hint recorded for a result, if any. */
export function cacheHintOf(result: object): CacheHint | undefined {
  return resultHints.get(result);
}
