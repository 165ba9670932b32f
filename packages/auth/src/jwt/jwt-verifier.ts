import type { VerifyToken } from '@armature/core/internal';
import { principalOf, type TokenClaims } from '../claims';
import { AuthError } from '../errors/auth-error-codes';
import { checkEndpointUrl } from '../fetch/endpoint-url';
import { loadJose } from '../jose';
import { JwksCache } from './jwks-cache';
import { checkJwtOptions, MAX_JWT_LENGTH, type JwtVerifierOptions } from './jwt-options';
import { rejectionOf } from './jwt-rejection';
import { checkHeaderTyp, checkNotIdToken, tokenTyping } from './token-typing';

/**
 * A `verifyToken` for JWT access tokens signed by an authorization server: the signature is
 * checked against its JWKS (fetched, cached, refetched once on an unknown `kid`), then `iss`,
 * `aud`, `exp` and `nbf` (with `clockToleranceSec` of skew), only with the allowed asymmetric
 * algorithms; the header `typ` must be an access token's and ID-token-shaped JWTs are refused
 * (`typ`, `refuseIdTokens`). The claims become `ctx.authInfo` (`claims` maps them). A refused token throws an
 * `AuthError` (the transport answers 401 `invalid_token` and passes it to `onError`); its
 * message says why and never contains the token.
 *
 * ```ts
 * listenHttp(app, {
 *   verifyToken: jwtVerifier({ issuer: 'https://auth.example.com', audience: 'https://mcp.example.com/mcp', jwksUri: 'https://auth.example.com/.well-known/jwks.json' }),
 *   protectedResource: { resource: 'https://mcp.example.com/mcp', authorizationServers: ['https://auth.example.com'] },
 * });
 * ```
 */
export function jwtVerifier(options: JwtVerifierOptions): VerifyToken {
  const { algorithms, clockTolerance, issuers, audiences } = checkJwtOptions(options);
  const jwks = new JwksCache(checkEndpointUrl(options.jwksUri, 'jwtVerifier: jwksUri', options.allowInsecureHttp), options.jwks);
  const typing = tokenTyping(options.typ, options.refuseIdTokens);
  // The header's type is checked before any key is looked up (or fetched).
  const resolveKey: typeof jwks.key = (header, ...rest) => {
    checkHeaderTyp(header ?? {}, typing);
    return jwks.key(header, ...rest);
  };
  const verifyOptions = {
    issuer: issuers,
    audience: audiences,
    algorithms,
    clockTolerance,
    requiredClaims: [...(options.requiredClaims ?? ['exp'])],
    ...(options.maxTokenAgeSec === undefined ? {} : { maxTokenAge: options.maxTokenAgeSec }),
  };
  return async (token) => {
    if (token.length > MAX_JWT_LENGTH)
      throw new AuthError('ARM_ERR_TOKEN_REJECTED', `the token is longer than ${MAX_JWT_LENGTH} characters`);
    if (token.split('.').length !== 3)
      throw new AuthError('ARM_ERR_TOKEN_REJECTED', 'the token is not a signed JWT (three dot-separated parts)');
    const jose = await loadJose();
    let claims: TokenClaims;
    try {
      const verified = await jose.jwtVerify(token, resolveKey, verifyOptions);
      claims = verified.payload;
      checkNotIdToken(verified.protectedHeader, claims, typing);
    } catch (error) {
      throw rejectionOf(error);
    }
    return principalOf(token, claims, options.claims);
  };
}
