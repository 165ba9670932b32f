/**
 * `WWW-Authenticate: Bearer …` challenges (RFC 6750 §3; RFC 9728 §5.1 `resource_metadata`;
 * MCP 2025-11-25, authorization §Protected Resource Metadata Discovery and §Scope Challenge
 * Handling). Every value is reduced to the characters RFC 6750 allows inside its quoted strings,
 * so nothing a handler or a token verifier wrote can break the header.
 */

/** The parts of one challenge; absent parts are left out. */
export interface BearerChallengeParts {
  /** RFC 6750 §3.1 error code; absent when the request carried no credentials at all. */
  readonly error?: 'invalid_request' | 'invalid_token' | 'insufficient_scope';
  /** Space-separated scopes the client should request. */
  readonly scope?: string;
  /** Where the protected-resource metadata is (RFC 9728). */
  readonly resourceMetadataUrl?: string;
  /** A sentence for the developer (never shown as an error code). */
  readonly description?: string;
}

/** `Bearer error="…", scope="…", resource_metadata="…", error_description="…"` (or just `Bearer`). */
export function bearerChallenge(parts: BearerChallengeParts): string {
  const params: string[] = [];
  if (parts.error !== undefined) params.push(`error="${parts.error}"`);
  const scope = parts.scope === undefined ? '' : scopeTokens(parts.scope).join(' ');
  if (scope !== '') params.push(`scope="${scope}"`);
  if (parts.resourceMetadataUrl !== undefined) params.push(`resource_metadata="${quotable(parts.resourceMetadataUrl)}"`);
  if (parts.description !== undefined && parts.description !== '')
    params.push(`error_description="${quotable(parts.description.replace(/"/g, "'"))}"`);
  return params.length === 0 ? 'Bearer' : `Bearer ${params.join(', ')}`;
}

/** RFC 6749 §3.3 scope-token: %x21 / %x23-5B / %x5D-7E. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

/** The well-formed scope tokens of a space-separated list, in order, without duplicates. */
export function scopeTokens(scope: string): string[] {
  return [...new Set(scope.split(' ').filter((token) => SCOPE_TOKEN.test(token)))];
}

/** True for a well-formed OAuth scope token. */
export function isScopeToken(value: string): boolean {
  return SCOPE_TOKEN.test(value);
}

/** RFC 6750 §3: %x20-21 / %x23-5B / %x5D-7E inside the quotes; anything else is dropped. */
function quotable(value: string): string {
  return value.replace(/[^\x20\x21\x23-\x5B\x5D-\x7E]/g, '').slice(0, 500);
}
