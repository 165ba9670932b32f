import { nodeCrypto } from '@armature/core/internal';

/**
 * Session ids (MCP 2025-11-25, transports §Session Management): globally unique,
 * cryptographically secure, visible ASCII only (0x21–0x7E).
 *
 * An id is 32 base64url characters from 24 random bytes. The first LOOKUP_LENGTH characters
 * index the session table; the remaining 132 bits are the secret and are compared with
 * `crypto.timingSafeEqual`, so lookup timing reveals nothing an attacker could use to guess
 * a live session.
 */
export const SESSION_ID_LENGTH = 32;
const LOOKUP_LENGTH = 10;

/** A new random session id. */
export function newSessionId(): string {
  return nodeCrypto().randomBytes(24).toString('base64url');
}

/** The non-secret part used as the table key; `undefined` for a malformed id. */
export function lookupKey(id: string): string | undefined {
  return id.length === SESSION_ID_LENGTH ? id.slice(0, LOOKUP_LENGTH) : undefined;
}

/** Constant-time comparison of the secret parts of two well-formed ids. */
export function sameSecret(a: string, b: string): boolean {
  if (a.length !== SESSION_ID_LENGTH || b.length !== SESSION_ID_LENGTH) return false;
  return nodeCrypto().timingSafeEqual(Buffer.from(a.slice(LOOKUP_LENGTH), 'latin1'), Buffer.from(b.slice(LOOKUP_LENGTH), 'latin1'));
}
