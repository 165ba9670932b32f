import { canonicalResourceUri } from './audience.check';
import { isScopeToken } from './bearer-challenge';

/**
 * OAuth 2.0 Protected Resource Metadata (RFC 9728), which an MCP server acting as a resource
 * server MUST publish (MCP 2025-11-25, authorization §Authorization Server Discovery): clients
 * read it after a 401 to find the authorization server, the scopes to ask for and the resource
 * indicator (RFC 8707) to request tokens for.
 */

/** The well-known path prefix (RFC 9728 §3). */
export const PROTECTED_RESOURCE_WELL_KNOWN = '/.well-known/oauth-protected-resource';

/** Options for the metadata document and the checks that go with it (`protectedResource`). */
export interface ProtectedResourceOptions {
  /**
   * This server's canonical URI, e.g. `https://mcp.example.com/mcp`: the metadata's `resource`,
   * the audience tokens must name, and the base of the metadata URL. `listenHttp`/`listenWs`
   * default it to the URL they listen on; mounted handlers must say it.
   */
  readonly resource?: string;
  /** Issuer URLs of the authorization servers that issue tokens for this server (at least one). */
  readonly authorizationServers: readonly string[];
  /** Scopes clients may request (`scopes_supported`); clients ask for all of them when a challenge names none. */
  readonly scopesSupported?: readonly string[];
  /**
   * Scopes put in the `scope` of a 401 challenge: what a client needs to use this server at all
   * (MCP: servers SHOULD name them, so clients do not ask for more). Default: none.
   */
  readonly challengeScopes?: readonly string[];
  /** Human-readable name (`resource_name`). */
  readonly resourceName?: string;
  /** A page for developers (`resource_documentation`). */
  readonly resourceDocumentation?: string;
  /**
   * Refuse tokens whose audience is not `resource` (RFC 8707; see `checkAudience`). Default `true`;
   * turn it off only when `verifyToken` checks the audience itself.
   */
  readonly validateAudience?: boolean;
  /** More RFC 9728 members, copied into the document as they are (e.g. `jwks_uri`). */
  readonly extraMetadata?: Readonly<Record<string, unknown>>;
}

/** The metadata document, as served. */
export interface ProtectedResourceMetadata {
  readonly resource: string;
  readonly authorization_servers: readonly string[];
  readonly bearer_methods_supported: readonly string[];
  readonly scopes_supported?: readonly string[];
  readonly resource_name?: string;
  readonly resource_documentation?: string;
  readonly [member: string]: unknown;
}

/**
 * Where the metadata of `resource` lives (RFC 9728 §3.1): the well-known path inserted between
 * the host and the path, so `https://mcp.example.com/mcp` →
 * `https://mcp.example.com/.well-known/oauth-protected-resource/mcp`.
 */
export function protectedResourceMetadataUrl(resource: string): string {
  const url = new URL(resource);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  return `${url.origin}${PROTECTED_RESOURCE_WELL_KNOWN}${path}`;
}

/**
 * The paths a server answers with the metadata: the path-suffixed form for `resource`, and the
 * root form (MCP clients try the first, then fall back to the second).
 */
export function protectedResourceMetadataPaths(resource: string): readonly string[] {
  const suffixed = new URL(protectedResourceMetadataUrl(resource)).pathname;
  return suffixed === PROTECTED_RESOURCE_WELL_KNOWN ? [suffixed] : [suffixed, PROTECTED_RESOURCE_WELL_KNOWN];
}

/**
 * Builds the document for `resource`, checking the options (a bad value throws a `RangeError`
 * when the transport is created, not when a client asks). Header is the only bearer method:
 * MCP forbids tokens in query strings.
 */
export function protectedResourceMetadata(options: ProtectedResourceOptions, resource: string): ProtectedResourceMetadata {
  const canonical = canonicalResourceUri(resource);
  if (canonical === undefined || new URL(resource).search !== '')
    throw new RangeError(`protectedResource.resource must be an absolute URI without query, got "${resource}"`);
  if (options.authorizationServers.length === 0)
    throw new RangeError('protectedResource.authorizationServers must name at least one authorization server');
  for (const server of options.authorizationServers) {
    if (canonicalResourceUri(server) === undefined)
      throw new RangeError(`protectedResource.authorizationServers: "${server}" is not an absolute URL`);
  }
  for (const scope of [...(options.scopesSupported ?? []), ...(options.challengeScopes ?? [])]) {
    if (!isScopeToken(scope)) throw new RangeError(`protectedResource: "${scope}" is not an OAuth scope token`);
  }
  return {
    ...options.extraMetadata,
    resource: canonical,
    authorization_servers: [...options.authorizationServers],
    bearer_methods_supported: ['header'],
    ...(options.scopesSupported === undefined ? {} : { scopes_supported: [...options.scopesSupported] }),
    ...(options.resourceName === undefined ? {} : { resource_name: options.resourceName }),
    ...(options.resourceDocumentation === undefined ? {} : { resource_documentation: options.resourceDocumentation }),
  };
}
