import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AuthInfo } from '@armature/core';
import type { VerifyToken } from '@armature/core/internal';
import { AuthError } from '../errors/auth-error-codes';

/** One API key as configured: its SHA-256, never the key itself, and who it stands for. */
export interface ApiKeyEntry {
  /** SHA-256 of the key, hex (64 characters): `hashApiKey(key)`. */
  readonly sha256: string;
  /** The principal's client id (`ctx.authInfo.clientId`). */
  readonly clientId: string;
  /** Scopes the key grants. Default none. */
  readonly scopes?: readonly string[];
  /** Seconds since the epoch after which the key is refused. Default: never. */
  readonly expiresAt?: number;
  /** `ctx.authInfo.extra`. */
  readonly extra?: Readonly<Record<string, unknown>>;
}

/** Options of `apiKeyVerifier`. */
export interface ApiKeyVerifierOptions {
  readonly keys: readonly ApiKeyEntry[];
}

/** SHA-256 of an API key, hex: what `ApiKeyEntry.sha256` holds. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A new random key (32 bytes, base64url: a valid bearer token) and its hash for the configuration. */
export function generateApiKey(): { readonly key: string; readonly sha256: string } {
  const key = randomBytes(32).toString('base64url');
  return { key, sha256: hashApiKey(key) };
}

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/**
 * A `verifyToken` for static API keys sent as bearer tokens (`Authorization: Bearer <key>`).
 * The configuration holds SHA-256 hashes only; a presented key is hashed and compared with
 * every configured hash with `crypto.timingSafeEqual`, all of them every time, so neither the
 * comparison nor the position of a match shows in the timing. An unknown key gives `undefined`
 * (401 `invalid_token`).
 */
export function apiKeyVerifier(options: ApiKeyVerifierOptions): VerifyToken {
  const entries = options.keys.map((entry, index) => {
    if (typeof entry.sha256 !== 'string' || !HEX_SHA256.test(entry.sha256))
      throw new AuthError('ARM_ERR_AUTH_CONFIG', `apiKeyVerifier: keys[${index}].sha256 must be 64 hex characters (hashApiKey(key))`);
    if (typeof entry.clientId !== 'string' || entry.clientId === '')
      throw new AuthError('ARM_ERR_AUTH_CONFIG', `apiKeyVerifier: keys[${index}].clientId must be a non-empty string`);
    return { digest: Buffer.from(entry.sha256, 'hex'), entry };
  });
  const seen = new Set(entries.map((e) => e.digest.toString('hex')));
  if (seen.size !== entries.length) throw new AuthError('ARM_ERR_AUTH_CONFIG', 'apiKeyVerifier: the same key hash is configured twice');
  if (entries.length === 0) throw new AuthError('ARM_ERR_AUTH_CONFIG', 'apiKeyVerifier: keys must list at least one key');
  return (token) => {
    const digest = createHash('sha256').update(token, 'utf8').digest();
    let match: ApiKeyEntry | undefined;
    for (const { digest: known, entry } of entries) {
      // Every entry is compared, matched or not: no early exit.
      if (timingSafeEqual(digest, known) && match === undefined) match = entry;
    }
    if (match === undefined) return undefined;
    const info: AuthInfo = {
      token,
      clientId: match.clientId,
      scopes: [...(match.scopes ?? [])],
      ...(match.expiresAt === undefined ? {} : { expiresAt: match.expiresAt }),
      ...(match.extra === undefined ? {} : { extra: match.extra }),
    };
    return info;
  };
}
