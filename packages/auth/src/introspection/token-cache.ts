import { createHash } from 'node:crypto';
import type { AuthInfo } from '@armature/core';

/** A principal without its token: the cache holds digests, never tokens. */
export type CachedPrincipal = Omit<AuthInfo, 'token'>;

/** SHA-256 of a token, the cache key. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * A bounded cache of answers keyed by token digest (verified principals; or `true` for tokens
 * found inactive): at most `maxEntries` (the least recently used goes first), each for its own
 * TTL. Expired entries are dropped when met.
 */
export class TokenCache<Value = CachedPrincipal> {
  private readonly entries = new Map<string, { readonly value: Value; readonly until: number }>();

  constructor(private readonly maxEntries: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(digest: string, now: number): Value | undefined {
    const entry = this.entries.get(digest);
    if (entry === undefined) return undefined;
    this.entries.delete(digest);
    if (entry.until <= now) return undefined;
    this.entries.set(digest, entry);
    return entry.value;
  }

  set(digest: string, value: Value, until: number): void {
    if (this.maxEntries === 0) return;
    this.entries.delete(digest);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    this.entries.set(digest, { value, until });
  }
}
