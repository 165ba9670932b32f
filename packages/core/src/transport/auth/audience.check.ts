import type { AuthInfo } from '../../context/request-context';

/**
 * Token audience validation (MCP 2025-11-25, authorization §Token Audience Binding and
 * Validation; RFC 8707 resource indicators): a server MUST accept only tokens issued for it,
 * so a token obtained for another service can never be replayed here.
 */

/**
 * The canonical form of a resource URI for comparison: parsed as a URL (so scheme and host are
 * lower-cased and a default port dropped), without fragment, and without a trailing slash
 * (MCP names `https://mcp.example.com/mcp` the canonical form; RFC 8707 §2 forbids fragments).
 * `undefined` when `uri` is not an absolute URL.
 */
export function canonicalResourceUri(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  url.hash = '';
  const text = url.href;
  return text.endsWith('/') ? text.slice(0, -1) : text;
}

/**
 * True when `authInfo` says the token was issued for `expected` (one URI, or several names of
 * the same server). The token's audiences are `authInfo.resource` (the RFC 8707 resource the
 * token was requested for) and `authInfo.extra.aud` (a JWT or introspection `aud` claim, a
 * string or a list); URIs are compared in canonical form (`canonicalResourceUri`), other
 * values exactly. A token that names no audience at all is refused.
 *
 * ```ts
 * verifyToken: async (token) => {
 *   const info = await introspect(token);
 *   return info !== undefined && checkAudience(info, 'https://mcp.example.com/mcp') ? info : undefined;
 * }
 * ```
 */
export function checkAudience(authInfo: AuthInfo, expected: string | readonly string[]): boolean {
  const wanted = new Set((typeof expected === 'string' ? [expected] : expected).map(canonical));
  for (const audience of audiencesOf(authInfo)) if (wanted.has(canonical(audience))) return true;
  return false;
}

/** The audiences a token names, as strings (a `URL` resource, as the SDK types it, included). */
function audiencesOf(authInfo: AuthInfo): string[] {
  const found: string[] = [];
  const resource: unknown = authInfo.resource;
  if (typeof resource === 'string') found.push(resource);
  else if (resource instanceof URL) found.push(resource.href);
  const aud = authInfo.extra?.aud;
  if (typeof aud === 'string') found.push(aud);
  else if (Array.isArray(aud)) for (const value of aud) if (typeof value === 'string') found.push(value);
  return found;
}

function canonical(value: string): string {
  return canonicalResourceUri(value) ?? value;
}
