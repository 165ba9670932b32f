import { AuthError } from '../errors/auth-error-codes';
import { fetchJson } from '../fetch/bounded-fetch';
import { loadJose, type JoseModule } from '../jose';
import { JWKS_DEFAULTS, type JwksOptions } from './jwks-options';

type KeyResolver = ReturnType<JoseModule['createLocalJWKSet']>;
type ResolverArgs = Parameters<KeyResolver>;
type ResolvedKey = Awaited<ReturnType<KeyResolver>>;

/**
 * A remote JWKS, fetched on first use, cached, refreshed when older than `maxAgeMs`, and
 * refetched once when a token names a key it does not hold (key rotation) — at most once per
 * `cooldownMs`. Concurrent refreshes share one request. `key` is jose's key-resolver shape.
 */
export class JwksCache {
  private readonly options: Required<JwksOptions>;
  private resolver: KeyResolver | undefined;
  private fetchedAt = 0;
  private refetchedAt = -Infinity;
  private loading: Promise<KeyResolver> | undefined;

  constructor(
    private readonly uri: URL,
    options: JwksOptions = {},
  ) {
    this.options = { ...JWKS_DEFAULTS, ...options };
  }

  /** The key for a token's protected header; throws `ARM_ERR_TOKEN_UNKNOWN_KEY` when the set lacks it after one refetch. */
  async key(...args: ResolverArgs): Promise<ResolvedKey> {
    let resolver = this.resolver;
    if (resolver === undefined || Date.now() - this.fetchedAt >= this.options.maxAgeMs) resolver = await this.refresh();
    try {
      return await resolver(...args);
    } catch (error) {
      if (!isNoMatchingKey(error)) throw error;
    }
    const now = Date.now();
    if (now - this.refetchedAt < this.options.cooldownMs) throw unknownKey(args[0]?.kid, 'a refetch happened less than the cooldown ago');
    this.refetchedAt = now;
    resolver = await this.refresh();
    try {
      return await resolver(...args);
    } catch (error) {
      if (isNoMatchingKey(error)) throw unknownKey(args[0]?.kid, 'not in the key set after a refetch');
      throw error;
    }
  }

  private refresh(): Promise<KeyResolver> {
    return (this.loading ??= this.load().finally(() => (this.loading = undefined)));
  }

  private async load(): Promise<KeyResolver> {
    const { status, body } = await fetchJson(this.uri, {
      what: 'JWKS',
      timeoutMs: this.options.timeoutMs,
      maxBytes: this.options.maxBytes,
    });
    if (status !== 200)
      throw new AuthError('ARM_ERR_AUTH_FETCH_FAILED', `JWKS request to ${this.uri.origin}${this.uri.pathname} answered ${status}`);
    const keys = (body as { keys?: unknown } | undefined)?.keys;
    if (!Array.isArray(keys) || keys.some((key) => typeof key !== 'object' || key === null)) {
      throw new AuthError(
        'ARM_ERR_AUTH_BAD_DOCUMENT',
        `JWKS from ${this.uri.origin}${this.uri.pathname} has no "keys" list of JWK objects`,
      );
    }
    const jose = await loadJose();
    this.resolver = jose.createLocalJWKSet({ keys: keys as Parameters<JoseModule['createLocalJWKSet']>[0]['keys'] });
    this.fetchedAt = Date.now();
    return this.resolver;
  }
}

function isNoMatchingKey(error: unknown): boolean {
  return (error as { code?: unknown } | undefined)?.code === 'ERR_JWKS_NO_MATCHING_KEY';
}

function unknownKey(kid: string | undefined, why: string): AuthError {
  const named = typeof kid === 'string' ? `"${kid.replace(/[^\x21-\x7E]/g, '').slice(0, 64)}"` : '(no kid)';
  return new AuthError('ARM_ERR_TOKEN_UNKNOWN_KEY', `the JWT's key ${named} is unknown: ${why}`);
}
