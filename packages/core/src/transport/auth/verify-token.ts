import type { AuthInfo } from '../../context/request-context';
import type { TransportRequestInfo } from '../../context/request-info';

/**
 * What a token verifier may look at besides the token: the request's transport facts (for
 * WebSocket, the upgrade request), headers without credentials. The same object becomes the
 * handlers' `ctx.requestInfo`.
 */
export type TokenRequest = TransportRequestInfo;

/**
 * Verifies the bearer token of a request (`Authorization: Bearer …`), for Streamable HTTP and
 * WebSocket alike. Return the principal, or `undefined` for a token you do not accept (answered
 * 401 `invalid_token`); a verifier that throws counts as a rejection, and what it threw goes to
 * the transport's `onError` only. The transport then refuses tokens whose `expiresAt` has passed
 * (beyond the shared clock skew, `TOKEN_CLOCK_SKEW_SEC`: 30 s)
 * and, with `protectedResource`, tokens issued for another audience (MCP 2025-11-25,
 * authorization §Token Audience Binding and Validation). `@armature/auth` has ready verifiers
 * (JWT with a JWKS, token introspection, API keys, OIDC discovery).
 */
export type VerifyToken = (token: string, request: TokenRequest) => AuthInfo | undefined | Promise<AuthInfo | undefined>;
