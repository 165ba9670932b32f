import { ArmatureError } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';
import { type CacheHint, isCacheHint } from '../kernel/cache-hints';

/** A resource's or template's `cache` option, checked at boot (undefined when not set). */
export function routeCacheHint(owner: string, hint: unknown): CacheHint | undefined {
  if (hint === undefined) return undefined;
  if (!isCacheHint(hint)) {
    throw new ArmatureError(
      LocalErrorCode.INVALID_OPTIONS,
      `${owner}: "cache" must be { ttlMs: a non-negative integer, scope: 'public' | 'private' }, got ${JSON.stringify(hint)?.slice(0, 100)}.`,
    );
  }
  return Object.freeze({ ttlMs: hint.ttlMs, scope: hint.scope });
}
