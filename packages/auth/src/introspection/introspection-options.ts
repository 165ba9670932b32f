import { TOKEN_CLOCK_SKEW_SEC } from '@armature/core/internal';
import type { ClaimMapping } from '../claims';
import { AuthError } from '../errors/auth-error-codes';

/** Options of `introspectionVerifier`. */
export interface IntrospectionVerifierOptions {
  /** The authorization server's RFC 7662 endpoint (`introspection_endpoint` in its metadata). */
  readonly endpoint: string;
  /** This server's client credentials at the authorization server, sent as HTTP Basic (`client_secret_basic`). */
  readonly clientId?: string;
  readonly clientSecret?: string;
  /** Other headers for the endpoint, e.g. `{ authorization: 'Bearer …' }` when it wants a token instead. */
  readonly headers?: Readonly<Record<string, string>>;
  /** When set, an answer's `iss` must be one of these. */
  readonly issuer?: string | readonly string[];
  /**
   * When set, an answer's `aud` must name one of these. Without it, the transport's audience
   * check (`protectedResource`) still applies to `extra.aud`.
   */
  readonly audience?: string | readonly string[];
  /** Deadline of one introspection request. Default 5 000 ms. */
  readonly timeoutMs?: number;
  /** Largest accepted answer. Default 64 KiB. */
  readonly maxResponseBytes?: number;
  /**
   * Active answers are remembered (keyed by the token's SHA-256) for `ttlSec`, never past the
   * token's `exp`; at most `maxEntries`, least recently used first out. Default
   * `{ ttlSec: 60, maxEntries: 1000 }`; `false` asks every time (a revoked token is refused at once).
   */
  readonly cache?: { readonly ttlSec?: number; readonly maxEntries?: number } | false;
  /**
   * Inactive answers (`active: false`) are remembered too, briefly, so a refused token replayed
   * or retried costs the authorization server one request per `ttlSec`; a separate bounded cache
   * (least recently used first out), so refusals never push out active answers. Short because a
   * token the authorization server has not yet stored (replication lag) would stay refused that
   * long. Default `{ ttlSec: 10, maxEntries: 10000 }`; `false` asks every time.
   */
  readonly inactiveCache?: { readonly ttlSec?: number; readonly maxEntries?: number } | false;
  /**
   * Allowed clock difference for `exp` and `nbf`, in seconds. Default 30 (`TOKEN_CLOCK_SKEW_SEC`,
   * the transport's own); at most that: the transport refuses a token past `exp` by more.
   */
  readonly clockToleranceSec?: number;
  /** How the answer's members become `ctx.authInfo`. */
  readonly claims?: ClaimMapping;
  /** Accept an `http:` endpoint on a non-loopback host (never in production). Default `false`. */
  readonly allowInsecureHttp?: boolean;
}

/** The defaults of `IntrospectionVerifierOptions`. */
export const INTROSPECTION_DEFAULTS = Object.freeze({
  timeoutMs: 5_000,
  maxResponseBytes: 64 * 1024,
  ttlSec: 60,
  maxEntries: 1000,
  inactiveTtlSec: 10,
  inactiveMaxEntries: 10_000,
  clockToleranceSec: TOKEN_CLOCK_SKEW_SEC,
});

/** `IntrospectionVerifierOptions` checked and with defaults applied. */
export interface ResolvedIntrospection {
  readonly headers: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  readonly ttlMs: number;
  readonly maxEntries: number;
  readonly inactiveTtlMs: number;
  readonly inactiveMaxEntries: number;
  readonly skewSec: number;
  readonly issuers: readonly string[] | undefined;
  readonly audiences: readonly string[] | undefined;
}

export function resolveIntrospection(options: IntrospectionVerifierOptions): ResolvedIntrospection {
  const cache =
    options.cache === false
      ? { ttlSec: 0, maxEntries: 0 }
      : {
          ttlSec: options.cache?.ttlSec ?? INTROSPECTION_DEFAULTS.ttlSec,
          maxEntries: options.cache?.maxEntries ?? INTROSPECTION_DEFAULTS.maxEntries,
        };
  const inactive =
    options.inactiveCache === false
      ? { ttlSec: 0, maxEntries: 0 }
      : {
          ttlSec: options.inactiveCache?.ttlSec ?? INTROSPECTION_DEFAULTS.inactiveTtlSec,
          maxEntries: options.inactiveCache?.maxEntries ?? INTROSPECTION_DEFAULTS.inactiveMaxEntries,
        };
  const numbers = {
    timeoutMs: options.timeoutMs ?? INTROSPECTION_DEFAULTS.timeoutMs,
    maxResponseBytes: options.maxResponseBytes ?? INTROSPECTION_DEFAULTS.maxResponseBytes,
    'cache.ttlSec': cache.ttlSec,
    'cache.maxEntries': cache.maxEntries,
    'inactiveCache.ttlSec': inactive.ttlSec,
    'inactiveCache.maxEntries': inactive.maxEntries,
    clockToleranceSec: options.clockToleranceSec ?? INTROSPECTION_DEFAULTS.clockToleranceSec,
  };
  for (const [name, value] of Object.entries(numbers)) {
    if (!Number.isFinite(value) || value < 0)
      throw new AuthError('ARM_ERR_AUTH_CONFIG', `introspectionVerifier: ${name} must be a non-negative number, got ${value}`);
  }
  if (numbers.clockToleranceSec > TOKEN_CLOCK_SKEW_SEC)
    throw new AuthError(
      'ARM_ERR_AUTH_CONFIG',
      `introspectionVerifier: clockToleranceSec must be at most ${TOKEN_CLOCK_SKEW_SEC} (the transport's own skew on exp), got ${numbers.clockToleranceSec}`,
    );
  if ((options.clientId === undefined) !== (options.clientSecret === undefined))
    throw new AuthError('ARM_ERR_AUTH_CONFIG', 'introspectionVerifier: clientId and clientSecret go together');
  const basic: Record<string, string> =
    options.clientId === undefined
      ? {}
      : {
          authorization: `Basic ${Buffer.from(`${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret ?? '')}`).toString('base64')}`,
        };
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...basic, ...options.headers },
    timeoutMs: numbers.timeoutMs,
    maxResponseBytes: numbers.maxResponseBytes,
    ttlMs: cache.ttlSec * 1000,
    maxEntries: cache.maxEntries,
    inactiveTtlMs: inactive.ttlSec * 1000,
    inactiveMaxEntries: inactive.maxEntries,
    skewSec: numbers.clockToleranceSec,
    issuers: options.issuer === undefined ? undefined : typeof options.issuer === 'string' ? [options.issuer] : [...options.issuer],
    audiences:
      options.audience === undefined ? undefined : typeof options.audience === 'string' ? [options.audience] : [...options.audience],
  };
}
