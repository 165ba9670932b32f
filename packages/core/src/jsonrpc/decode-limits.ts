/** Limits applied to every incoming text frame before it is parsed. */
export interface DecodeLimits {
  /** Largest accepted message, in UTF-8 bytes (default 4 MiB). */
  readonly maxBytes: number;
  /** Deepest accepted nesting of objects and arrays (default 64); checked before `JSON.parse`. */
  readonly maxDepth: number;
}

/** The defaults: 4 MiB per message, nesting depth 64. */
export const DEFAULT_DECODE_LIMITS: DecodeLimits = Object.freeze({ maxBytes: 4 * 1024 * 1024, maxDepth: 64 });

/** Fills unspecified limits with the defaults and rejects nonsensical values. */
export function resolveDecodeLimits(limits: Partial<DecodeLimits> | undefined): DecodeLimits {
  if (limits === undefined) return DEFAULT_DECODE_LIMITS;
  const maxBytes = limits.maxBytes ?? DEFAULT_DECODE_LIMITS.maxBytes;
  const maxDepth = limits.maxDepth ?? DEFAULT_DECODE_LIMITS.maxDepth;
  if (!(maxBytes > 0) || !(maxDepth > 0)) throw new RangeError('decode limits must be positive numbers');
  return Object.freeze({ maxBytes, maxDepth });
}
