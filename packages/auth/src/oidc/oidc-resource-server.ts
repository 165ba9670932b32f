import { canonicalResourceUri, type ProtectedResourceOptions, type VerifyToken } from '@armature/core/internal';
import { AuthError } from '../errors/auth-error-codes';
import type { JwtVerifierOptions } from '../jwt/jwt-options';
import { jwtVerifier } from '../jwt/jwt-verifier';
import { discoverAuthorizationServer, type AuthorizationServerMetadata, type DiscoveryOptions } from './discovery';

/** The `jwtVerifier` checks an `oidcResourceServer` passes on as given. */
const JWT_CHECKS = [
  'algorithms',
  'clockToleranceSec',
  'maxTokenAgeSec',
  'requiredClaims',
  'typ',
  'refuseIdTokens',
  'claims',
  'jwks',
  'allowInsecureHttp',
] as const;
/** The RFC 9728 members an `oidcResourceServer` passes on as given. */
const DOCUMENT_MEMBERS = ['scopesSupported', 'challengeScopes', 'resourceName', 'resourceDocumentation'] as const;

/** Options of `oidcResourceServer`: the issuer and resource, the JWT checks of `JwtVerifierOptions`, the RFC 9728 members of `ProtectedResourceOptions`. */
export interface OidcResourceServerOptions
  extends
    DiscoveryOptions,
    Pick<JwtVerifierOptions, (typeof JWT_CHECKS)[number]>,
    Pick<ProtectedResourceOptions, (typeof DOCUMENT_MEMBERS)[number]> {
  /** The authorization server's issuer identifier, exactly as its tokens carry it in `iss`. */
  readonly issuer: string;
  /** This MCP server's canonical URI (`https://mcp.example.com/mcp`): the RFC 9728 `resource`. */
  readonly resource: string;
  /**
   * The `aud` tokens must name. Default: `resource` (RFC 8707). Providers that put an API
   * identifier there (`api://notes`, an Auth0 API identifier) need it set; the transport's own
   * audience check then stands aside, since the verifier checks this one.
   */
  readonly audience?: string | readonly string[];
}

/** What `oidcResourceServer` wires together: pass `verifyToken` and `protectedResource` to `listenHttp`/`listenWs`. */
export interface OidcResourceServer {
  readonly verifyToken: VerifyToken;
  readonly protectedResource: ProtectedResourceOptions;
  /** The issuer's metadata as discovered (its `introspection_endpoint`, `scopes_supported`…). */
  readonly issuerMetadata: AuthorizationServerMetadata;
}

/**
 * Discovers an issuer (OIDC discovery, else RFC 8414) and wires the two halves of an MCP
 * resource server from it: a `jwtVerifier` on its `jwks_uri` for its `iss` and the audience,
 * and the RFC 9728 document naming it as the authorization server. Call it once at startup;
 * a discovery failure throws (the server should not start half-configured).
 */
export async function oidcResourceServer(options: OidcResourceServerOptions): Promise<OidcResourceServer> {
  const issuerMetadata = await discoverAuthorizationServer(options.issuer, options);
  if (issuerMetadata.jwks_uri === undefined)
    throw new AuthError(
      'ARM_ERR_AUTH_BAD_DOCUMENT',
      `the metadata of ${options.issuer} has no jwks_uri: its tokens cannot be verified locally (use introspectionVerifier)`,
    );
  const audience = options.audience ?? options.resource;
  const verifyToken = jwtVerifier({
    issuer: options.issuer,
    audience,
    jwksUri: issuerMetadata.jwks_uri,
    ...pick(options, JWT_CHECKS),
  });
  const resource = canonicalResourceUri(options.resource);
  const audiences = typeof audience === 'string' ? [audience] : audience;
  const protectedResource: ProtectedResourceOptions = {
    resource: options.resource,
    authorizationServers: [options.issuer],
    // The verifier checks `audience`; the transport's check of `resource` applies only when it is one of them.
    validateAudience: audiences.some((value) => canonicalResourceUri(value) === resource),
    ...pick(options, DOCUMENT_MEMBERS),
  };
  return { verifyToken, protectedResource, issuerMetadata };
}

function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const picked: Partial<Pick<T, K>> = {};
  for (const key of keys) if (source[key] !== undefined) picked[key] = source[key];
  return picked;
}
