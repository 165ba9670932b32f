import type { AuthInfo } from '@armature/core';
import type { HttpRequestView } from '../exchange/http-exchange';

/** What a token verifier may look at besides the token. */
export interface HttpRequestInfo {
  readonly method: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/**
 * Verifies the bearer token of a request (`Authorization: Bearer …`). Return the principal, or
 * `undefined` for an unknown or expired token (answered 401). Check the token's audience here:
 * it must have been issued for this server (MCP 2025-11-25, authorization §Token Audience).
 */
export type VerifyToken = (token: string, request: HttpRequestInfo) => AuthInfo | undefined | Promise<AuthInfo | undefined>;

/** Outcome of the bearer check: the principal, or a 401 to send. */
export type BearerVerdict =
  | { readonly ok: true; readonly authInfo: AuthInfo | undefined }
  | { readonly ok: false; readonly message: string; readonly challenge: string };

const BEARER = /^Bearer +([^ ]+) *$/i;

/**
 * Runs `verify` on the request's bearer token (MCP 2025-11-25, authorization §Access Token
 * Usage): missing → 401 `WWW-Authenticate: Bearer` (with `resource_metadata` when configured,
 * RFC 9728 §5.1), rejected → 401 with `error="invalid_token"`. A verifier that throws counts as
 * a rejection; the error goes to `onError`.
 */
export async function checkBearer(req: HttpRequestView, verify: VerifyToken, resourceMetadataUrl: string | undefined, onError: (error: unknown) => void): Promise<BearerVerdict> {
  const challenge = resourceMetadataUrl === undefined ? 'Bearer' : `Bearer resource_metadata="${resourceMetadataUrl}"`;
  const match = BEARER.exec(req.header('authorization') ?? '');
  if (match === null) return { ok: false, message: 'Unauthorized: a bearer token is required', challenge };
  let authInfo: AuthInfo | undefined;
  try {
    authInfo = await verify(match[1] as string, { method: req.method, headers: req.headers() });
  } catch (error) {
    onError(error);
  }
  if (authInfo === undefined) return { ok: false, message: 'Unauthorized: invalid or expired bearer token', challenge: `${challenge}, error="invalid_token"` };
  return { ok: true, authInfo };
}
