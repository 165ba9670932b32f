// Public API of @armature/auth: verifiers for the `verifyToken` hook of @armature/http and @armature/ws.
export { jwtVerifier } from './jwt/jwt-verifier';
export { DEFAULT_CLOCK_TOLERANCE_SEC, DEFAULT_JWT_ALGORITHMS, MAX_JWT_LENGTH, type JwtVerifierOptions } from './jwt/jwt-options';
export { JWKS_DEFAULTS, type JwksOptions } from './jwt/jwks-options';
export { introspectionVerifier } from './introspection/introspection-verifier';
export { INTROSPECTION_DEFAULTS, type IntrospectionVerifierOptions } from './introspection/introspection-options';
export { apiKeyVerifier, generateApiKey, hashApiKey, type ApiKeyEntry, type ApiKeyVerifierOptions } from './api-keys/api-key-verifier';
export { discoverAuthorizationServer, metadataUrls, type AuthorizationServerMetadata, type DiscoveryOptions } from './oidc/discovery';
export { oidcResourceServer, type OidcResourceServer, type OidcResourceServerOptions } from './oidc/oidc-resource-server';
export { defaultScopes, type ClaimMapping, type TokenClaims } from './claims';
export { AUTH_ERRORS, AUTH_ERROR_CODES, AuthError, type AuthErrorCode } from './errors/auth-error-codes';
// The one verifier type, from core (shared by @armature/http and @armature/ws).
export type { TokenRequest, VerifyToken } from '@armature/core/internal';
