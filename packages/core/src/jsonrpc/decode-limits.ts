/** Limits applied to every incoming text frame before it is parsed. */
export interface DecodeLimits {
  /** Largest accepted message, in UTF-8 bytes (default 4 MiB); larger → -32700. */
  readonly maxBytes: number;
  /** Deepest accepted nesting of objects and arrays (default 64); checked before `JSON.parse`. */
  readonly maxDepth: number;
  /** Longest accepted string request id, in characters (default 256); longer → -32600 without the id. */
  readonly maxIdLength?: number;
}

/** The default longest string id: ids are echoed in every answer, so they are kept short. */
export const DEFAULT_MAX_ID_LENGTH = 256;

/** The defaults: 4 MiB per message, nesting depth 64, string ids up to 256 characters. */
export const DEFAULT_DECODE_LIMITS: DecodeLimits = Object.freeze({
  maxBytes: 4 * 1024 * 1024,
  maxDepth: 64,
  maxIdLength: DEFAULT_MAX_ID_LENGTH,
});

/** Fills unspecified limits with the defaults and rejects nonsensical values. */
export function resolveDecodeLimits(limits: Partial<DecodeLimits> | undefined): DecodeLimits {
  if (limits === undefined) return DEFAULT_DECODE_LIMITS;
  const maxBytes = limits.maxBytes ?? DEFAULT_DECODE_LIMITS.maxBytes;
  const maxDepth = limits.maxDepth ?? DEFAULT_DECODE_LIMITS.maxDepth;
  const maxIdLength = limits.maxIdLength ?? DEFAULT_MAX_ID_LENGTH;
  if (!(maxBytes > 0) || !(maxDepth > 0) || !(maxIdLength > 0)) throw new RangeError('decode limits must be positive numbers');
  return Object.freeze({ maxBytes, maxDepth, maxIdLength });
}
