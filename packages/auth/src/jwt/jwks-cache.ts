import { AuthError } from '../errors/auth-error-codes';
import { fetchJson } from '../fetch/bounded-fetch';
import { loadJose, type JoseModule } from '../jose';
import { resolveJwksOptions, type JwksOptions } from './jwks-options';

type KeyResolver = ReturnType<JoseModule['createLocalJWKSet']>;
type ResolverArgs = Parameters<KeyResolver>;
type ResolvedKey = Awaited<ReturnType<KeyResolver>>;
type Jwk = Parameters<JoseModule['createLocalJWKSet']>[0]['keys'][number];

/** The last good key set. */
interface KeySet {
  readonly resolver: KeyResolver;
  readonly fetchedAt: number;
}

/**
 * A remote JWKS, fetched on first use, cached, refreshed when older than `maxAgeMs`, and
 * refetched when a token names a key it does not hold (key rotation). Every fetch is shared by
 * whoever needs it meanwhile (single flight). A failed fetch is recorded: for `cooldownMs` after
 * it (and after an unknown-`kid` refetch) nothing is fetched on demand — tokens get the recorded
 * failure, or the keys held. Keys past `maxAgeMs` whose refresh fails stay in use `maxStaleMs`
 * longer; a key set without signing keys never replaces good keys. `key` is jose's key-resolver shape.
 */
export class JwksCache {
  private readonly options: Required<JwksOptions>;
  private keys: KeySet | undefined;
  private failure: { readonly error: AuthError; readonly at: number } | undefined;
  /** Earliest time of the next fetch on demand: pushed by a failure and by an unknown-`kid` refetch. */
  private nextFetchAt = -Infinity;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly uri: URL,
    options: JwksOptions = {},
  ) {
    this.options = resolveJwksOptions(options);
  }

  /** The key for a token's protected header; throws `ARM_ERR_TOKEN_UNKNOWN_KEY` when the set lacks it after one refetch. */
  async key(...args: ResolverArgs): Promise<ResolvedKey> {
    const kid = args[0]?.kid;
    const startedAt = Date.now();
    let fetched = false;
    if (!this.isFresh(startedAt) && this.mayFetch(startedAt)) {
      await this.refresh();
      fetched = true;
    }
    const found = await this.lookUp(args, startedAt);
    if (found !== undefined) return found;
    if (fetched) throw unknownKey(kid, 'not in the key set after a refetch');
    if (!this.mayFetch(Date.now())) throw unknownKey(kid, 'a refetch happened or failed less than the cooldown ago');
    if (this.loading === undefined) this.nextFetchAt = Date.now() + this.options.cooldownMs;
    await this.refresh();
    const after = await this.lookUp(args, startedAt);
    if (after !== undefined) return after;
    throw unknownKey(kid, 'not in the key set after a refetch');
  }

  private isFresh(now: number): boolean {
    return this.keys !== undefined && now - this.keys.fetchedAt < this.options.maxAgeMs;
  }

  /** A fetch may start (or one is under way, to join) unless a failure or refetch is within the cooldown. */
  private mayFetch(now: number): boolean {
    return this.loading !== undefined || now >= this.nextFetchAt;
  }

  /**
   * The key from the usable set — fetched during this call (since `startedAt`), fresh, or stale
   * within `maxStaleMs` — or `undefined` when the set lacks it.
   */
  private async lookUp(args: ResolverArgs, startedAt: number): Promise<ResolvedKey | undefined> {
    const keys = this.keys;
    const now = Date.now();
    const usable =
      keys !== undefined && (keys.fetchedAt >= startedAt || now - keys.fetchedAt < this.options.maxAgeMs + this.options.maxStaleMs);
    if (!usable) throw this.unavailable(now);
    try {
      return await keys!.resolver(...args);
    } catch (error) {
      if (isNoMatchingKey(error)) return undefined;
      throw error;
    }
  }

  /** Why no keys can be used: the recorded failure, said again without fetching. */
  private unavailable(now: number): AuthError {
    const failure = this.failure;
    if (failure === undefined) return new AuthError('ARM_ERR_AUTH_FETCH_FAILED', `JWKS from ${this.where()} is not available`);
    const message = failure.error.message.slice(failure.error.code.length + 2);
    const ago = Math.max(0, Math.round((now - failure.at) / 1000));
    return new AuthError(failure.error.code, `${message} (${ago} s ago; no usable keys held, next request after the cooldown)`);
  }

  private refresh(): Promise<void> {
    return (this.loading ??= this.attempt().finally(() => (this.loading = undefined)));
  }

  private async attempt(): Promise<void> {
    try {
      const resolver = await this.load();
      this.keys = { resolver, fetchedAt: Date.now() };
      this.failure = undefined;
    } catch (error) {
      const now = Date.now();
      this.failure = {
        error:
          error instanceof AuthError ? error : new AuthError('ARM_ERR_AUTH_FETCH_FAILED', `JWKS from ${this.where()}: ${String(error)}`),
        at: now,
      };
      this.nextFetchAt = now + this.options.cooldownMs;
    }
  }

  private async load(): Promise<KeyResolver> {
    const { status, body } = await fetchJson(this.uri, {
      what: 'JWKS',
      timeoutMs: this.options.timeoutMs,
      maxBytes: this.options.maxBytes,
    });
    if (status !== 200) throw new AuthError('ARM_ERR_AUTH_FETCH_FAILED', `JWKS request to ${this.where()} answered ${status}`);
    const keys = (body as { keys?: unknown } | undefined)?.keys;
    if (!Array.isArray(keys) || keys.some((key) => typeof key !== 'object' || key === null))
      throw new AuthError('ARM_ERR_AUTH_BAD_DOCUMENT', `JWKS from ${this.where()} has no "keys" list of JWK objects`);
    if (!keys.some(isSigningKey))
      throw new AuthError('ARM_ERR_AUTH_BAD_DOCUMENT', `JWKS from ${this.where()} holds no signing key (the keys held are kept)`);
    const jose = await loadJose();
    return jose.createLocalJWKSet({ keys: keys as Jwk[] });
  }

  private where(): string {
    return `${this.uri.origin}${this.uri.pathname}`;
  }
}

/** A JWK that can verify a signature: it has a key type and is not marked for encryption. */
function isSigningKey(key: { kty?: unknown; use?: unknown }): boolean {
  return typeof key.kty === 'string' && key.use !== 'enc';
}

function isNoMatchingKey(error: unknown): boolean {
  return (error as { code?: unknown } | undefined)?.code === 'ERR_JWKS_NO_MATCHING_KEY';
}

function unknownKey(kid: string | undefined, why: string): AuthError {
  const named = typeof kid === 'string' ? `"${kid.replace(/[^\x21-\x7E]/g, '').slice(0, 64)}"` : '(no kid)';
  return new AuthError('ARM_ERR_TOKEN_UNKNOWN_KEY', `the JWT's key ${named} is unknown: ${why}`);
}
