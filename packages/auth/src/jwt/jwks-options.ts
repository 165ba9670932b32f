/** How the key set is fetched and kept. */
export interface JwksOptions {
  /** Deadline of one JWKS request (connect, headers, body). Default 5 000 ms. */
  readonly timeoutMs?: number;
  /** Largest accepted JWKS document. Default 256 KiB. */
  readonly maxBytes?: number;
  /**
   * After a refetch caused by an unknown `kid`, no other such refetch for this long: a flood of
   * tokens naming made-up keys costs the identity provider one request per cooldown. Default 30 000 ms.
   */
  readonly cooldownMs?: number;
  /** Keys older than this are fetched again before use (rotation without an unknown `kid`). Default 10 minutes. */
  readonly maxAgeMs?: number;
}

/** The defaults of `JwksOptions`. */
export const JWKS_DEFAULTS = Object.freeze({ timeoutMs: 5_000, maxBytes: 256 * 1024, cooldownMs: 30_000, maxAgeMs: 10 * 60_000 });
