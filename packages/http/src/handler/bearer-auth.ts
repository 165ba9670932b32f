import type { BearerAuthenticator, BearerOutcome, TokenRequest, VerifyToken as SharedVerifyToken } from '@armature/core/internal';
import type { HttpRequestView } from '../exchange/http-exchange';

/**
 * What a token verifier may look at besides the token: core's `TokenRequest` (method, path,
 * headers without credentials, remote address). Kept as a name for existing code.
 */
export type HttpRequestInfo = TokenRequest;

/** Core's `VerifyToken`, the one verifier type of @armature/http and @armature/ws. Kept as a name for existing code. */
export type VerifyToken = SharedVerifyToken;

/**
 * Runs the shared bearer check (core's `BearerAuthenticator`) on one HTTP request: missing →
 * 401 `Bearer resource_metadata="…"`; rejected, expired or for another audience → 401
 * `error="invalid_token"` (MCP 2025-11-25, authorization §Access Token Usage).
 */
export function checkBearer(
  req: HttpRequestView,
  info: TokenRequest,
  verify: SharedVerifyToken,
  authenticator: BearerAuthenticator,
  onError: (error: unknown) => void,
): Promise<BearerOutcome> {
  return authenticator.authenticate(req.header('authorization'), (token) => verify(token, info), onError);
}
