import { nodeCrypto } from '@armature/core/internal';

/**
 * Session ids (MCP 2025-11-25, transports §Session Management): globally unique,
 * cryptographically secure, visible ASCII only (0x21–0x7E).
 *
 * An id is 32 base64url characters from 24 random bytes. The first LOOKUP_LENGTH characters
 * index the session table; the remaining 132 bits are the secret and are compared in constant
 * time, so lookup timing reveals nothing an attacker could use to guess a live session.
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

/**
 * Constant-time comparison of the secret parts of two well-formed ids: every character pair is
 * read and their differences OR-ed together, with no early exit, as `crypto.timingSafeEqual`
 * does on bytes. Done on the strings themselves: that one runs on every stateful POST, and two
 * buffers copied from the ids for it cost more than the rest of the session lookup.
 */
export function sameSecret(a: string, b: string): boolean {
  if (a.length !== SESSION_ID_LENGTH || b.length !== SESSION_ID_LENGTH) return false;
  let difference = 0;
  for (let i = LOOKUP_LENGTH; i < SESSION_ID_LENGTH; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
