import { setMetadataOn, type ClassOrMethodDecorator } from '../metadata/enhancer-metadata';
import { RATE_LIMIT } from '../metadata/metadata.keys';
import type { RateLimitOptions } from './rate-limit.options';

/**
 * Limits how often the tools of a class, or one tool, may be called (a token bucket per
 * session by default; see `RateLimitOptions`). The same as the `rateLimit` option of `@Tool`;
 * a method's limit replaces its class's. `@RateLimit(false)` exempts a tool from its class's
 * limit and from the app-wide `rateLimit` of `Armature.create`. A refused call answers an
 * `isError` result saying when to retry, in words and as `_meta["armature/retryAfterSeconds"]`.
 *
 * @example
 * ```ts
 * @RateLimit({ limit: 5, windowMs: 60_000, per: 'principal' })
 * @Tool({ inputSchema: { type: 'object', properties: { query: { type: 'string' } } } })
 * search(args: { query: string }): string[] { … }
 * ```
 */
export function RateLimit(options: RateLimitOptions | false): ClassOrMethodDecorator {
  return setMetadataOn(RATE_LIMIT, options);
}
