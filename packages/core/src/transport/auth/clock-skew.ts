/**
 * Clock difference allowed between this server and a token's issuer, in seconds, applied alike to
 * `exp` (a token is honoured this long past its expiry) and `nbf` (and this long before its
 * start). The transport's own expiry check and the default of every `@armature/auth` verifier.
 */
export const TOKEN_CLOCK_SKEW_SEC = 30;

/** Whether a token expiring at `expiresAt` (seconds since the epoch) is past it, beyond `skewSec`, at `nowMs`. */
export function tokenExpired(expiresAt: number, nowMs: number = Date.now(), skewSec: number = TOKEN_CLOCK_SKEW_SEC): boolean {
  return (expiresAt + skewSec) * 1000 <= nowMs;
}
