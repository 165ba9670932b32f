import { AuthError } from '../errors/auth-error-codes';
import { fetchJson } from '../fetch/bounded-fetch';
import { checkEndpointUrl } from '../fetch/endpoint-url';

/** An authorization server's metadata (OpenID Connect Discovery 1.0 / RFC 8414): the members used here, and the rest as read. */
export interface AuthorizationServerMetadata {
  readonly issuer: string;
  readonly jwks_uri?: string;
  readonly authorization_endpoint?: string;
  readonly token_endpoint?: string;
  readonly introspection_endpoint?: string;
  readonly scopes_supported?: readonly string[];
  readonly [member: string]: unknown;
}

/** How discovery requests are bounded. */
export interface DiscoveryOptions {
  /** Deadline of one metadata request. Default 5 000 ms. */
  readonly timeoutMs?: number;
  /** Largest accepted metadata document. Default 256 KiB. */
  readonly maxBytes?: number;
  /** Accept an `http:` issuer on a non-loopback host (never in production). Default `false`. */
  readonly allowInsecureHttp?: boolean;
}

/**
 * The metadata URLs of `issuer`, in the order tried: OpenID Connect Discovery
 * (`<issuer>/.well-known/openid-configuration`), then RFC 8414
 * (`<origin>/.well-known/oauth-authorization-server<path>`).
 */
export function metadataUrls(issuer: URL): URL[] {
  const path = issuer.pathname.replace(/\/$/, '');
  return [
    new URL(`${issuer.origin}${path}/.well-known/openid-configuration`),
    new URL(`${issuer.origin}/.well-known/oauth-authorization-server${path}`),
  ];
}

/**
 * Reads an authorization server's metadata: OIDC discovery first, RFC 8414 when that is not
 * found (404). The document's `issuer` must be `issuer` exactly (OIDC Discovery §4.3, RFC 8414
 * §3.3: a mix-up defence), else `ARM_ERR_AUTH_BAD_DOCUMENT`.
 */
export async function discoverAuthorizationServer(issuer: string, options: DiscoveryOptions = {}): Promise<AuthorizationServerMetadata> {
  const base = checkEndpointUrl(issuer, 'issuer', options.allowInsecureHttp);
  const limits = { what: 'discovery', timeoutMs: options.timeoutMs ?? 5_000, maxBytes: options.maxBytes ?? 256 * 1024 };
  const tried: string[] = [];
  for (const url of metadataUrls(base)) {
    const answer = await fetchJson(url, limits);
    tried.push(`${url.pathname} → ${answer.status}`);
    if (answer.status === 404) continue;
    if (answer.status !== 200)
      throw new AuthError('ARM_ERR_AUTH_FETCH_FAILED', `discovery at ${url.origin}${url.pathname} answered ${answer.status}`);
    return checkMetadata(answer.body, issuer, url);
  }
  throw new AuthError('ARM_ERR_AUTH_FETCH_FAILED', `no authorization server metadata for ${issuer} (${tried.join(', ')})`);
}

function checkMetadata(body: unknown, issuer: string, url: URL): AuthorizationServerMetadata {
  const where = `${url.origin}${url.pathname}`;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new AuthError('ARM_ERR_AUTH_BAD_DOCUMENT', `discovery at ${where} did not answer a JSON object`);
  const metadata = body as Record<string, unknown>;
  if (metadata.issuer !== issuer) {
    const named = typeof metadata.issuer === 'string' ? `"${metadata.issuer.slice(0, 200)}"` : 'no issuer';
    throw new AuthError('ARM_ERR_AUTH_BAD_DOCUMENT', `discovery at ${where} names ${named}, not "${issuer}"`);
  }
  for (const name of ['jwks_uri', 'authorization_endpoint', 'token_endpoint', 'introspection_endpoint']) {
    if (metadata[name] !== undefined && typeof metadata[name] !== 'string')
      throw new AuthError('ARM_ERR_AUTH_BAD_DOCUMENT', `discovery at ${where}: "${name}" is not a string`);
  }
  return metadata as AuthorizationServerMetadata;
}
