import { nodeCrypto } from '../platform/node-crypto';
import type { AuthInfo } from './request-context';

/** Keys already computed, per verified token (a verifier returns one `AuthInfo` per request or per cached token). */
const computed = new WeakMap<AuthInfo, string>();

/**
 * The key of the principal a request acts as: its issuer (`authInfo.extra.iss`), subject
 * (`authInfo.extra.sub`) and client id, digested (SHA-256, base64url) so that it is short, has
 * one spelling, and a store holding it (Redis) holds no user identifier. `undefined` without
 * authentication. Two users of one OAuth client, or one subject name at two issuers, are two
 * principals. Everything that belongs to a caller is bound to this key: 2025 sessions, tasks,
 * `per: 'principal'` rate limits, listen stream counts and `requestState`.
 */
export function principalKey(authInfo: AuthInfo | undefined): string | undefined {
  if (authInfo === undefined || authInfo === null) return undefined;
  let key = computed.get(authInfo);
  if (key === undefined) {
    const issuer = authInfo.extra?.iss;
    const subject = authInfo.extra?.sub;
    const parts = [typeof issuer === 'string' ? issuer : null, typeof subject === 'string' ? subject : null, String(authInfo.clientId)];
    key = nodeCrypto().createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
    computed.set(authInfo, key);
  }
  return key;
}
