import type { AuthInfo, BearerAuthenticator, BearerOutcome } from '@armature/core';
import type { HttpRequestView } from '../exchange/http-exchange';

/** What a token verifier may look at besides the token. */
export interface HttpRequestInfo {
  readonly method: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/**
 * Verifies the bearer token of a request (`Authorization: Bearer …`). Return the principal, or
 * `undefined` for an unknown token (answered 401 `invalid_token`). The transport then refuses
 * tokens whose `expiresAt` has passed and, with `protectedResource`, tokens issued for another
 * audience (MCP 2025-11-25, authorization §Token Audience Binding and Validation).
 */
export type VerifyToken = (token: string, request: HttpRequestInfo) => AuthInfo | undefined | Promise<AuthInfo | undefined>;

/**
 * Runs the shared bearer check (core's `BearerAuthenticator`) on one HTTP request: missing →
 * 401 `Bearer resource_metadata="…"`; rejected, expired or for another audience → 401
 * `error="invalid_token"` (MCP 2025-11-25, authorization §Access Token Usage).
 */
export function checkBearer(req: HttpRequestView, verify: VerifyToken, authenticator: BearerAuthenticator, onError: (error: unknown) => void): Promise<BearerOutcome> {
  return authenticator.authenticate(req.header('authorization'), (token) => verify(token, { method: req.method, headers: req.headers() }), onError);
}
