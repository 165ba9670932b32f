import type { IncomingMessage } from 'node:http';
import type { AuthInfo, TransportRequestInfo } from '@armature/core';
import type { BearerAuthenticator, VerifyToken } from '@armature/core/internal';
import { upgradeRequestInfo } from './upgrade-request-info';
import type { ResolvedWsOptions } from './ws-options';

/** The subprotocol the official SDK's `WebSocketClientTransport` offers, and the only one we speak. */
export const MCP_SUBPROTOCOL = 'mcp';

/** Outcome of the pre-upgrade checks: go ahead (with the principal, if any) or refuse with a status. */
export type UpgradeVerdict =
  | { readonly ok: true; readonly authInfo: AuthInfo | undefined; readonly requestInfo: TransportRequestInfo }
  | { readonly ok: false; readonly status: number; readonly message: string; readonly headers?: Readonly<Record<string, string>> };

/**
 * Runs every check that must happen before the socket is upgraded, cheapest first, so a
 * refused request never costs a WebSocket: Host (DNS rebinding), Origin (cross-site pages),
 * the `mcp` subprotocol, then the optional bearer token (core's `BearerAuthenticator`, the same
 * rules as Streamable HTTP: 401 with a `WWW-Authenticate` challenge when missing, rejected,
 * expired or issued for another audience).
 */
export async function checkUpgrade(req: IncomingMessage, options: ResolvedWsOptions): Promise<UpgradeVerdict> {
  const forbidden = options.hostOrigin.check(req.headers.host, req.headers.origin);
  if (forbidden !== undefined) return refuse(403, forbidden);
  if (!offeredProtocols(req).includes(MCP_SUBPROTOCOL)) {
    return refuse(
      400,
      `The WebSocket handshake must offer the subprotocol "${MCP_SUBPROTOCOL}" (Sec-WebSocket-Protocol: ${MCP_SUBPROTOCOL})`,
    );
  }
  const requestInfo = upgradeRequestInfo(req);
  if (options.verifyToken === undefined || options.auth === null) return { ok: true, authInfo: undefined, requestInfo };
  return verifyBearer(req, requestInfo, options, options.verifyToken, options.auth);
}

async function verifyBearer(
  req: IncomingMessage,
  requestInfo: TransportRequestInfo,
  options: ResolvedWsOptions,
  verify: VerifyToken,
  auth: BearerAuthenticator,
): Promise<UpgradeVerdict> {
  const outcome = await auth.authenticate(
    req.headers.authorization,
    (token) => verify(token, requestInfo),
    (error) => options.onError(error instanceof Error ? error : new Error(String(error))),
  );
  if (!outcome.ok) return refuse(401, outcome.message, { 'WWW-Authenticate': outcome.challenge });
  return { ok: true, authInfo: outcome.authInfo, requestInfo };
}

/** The subprotocols a handshake offers, in order. */
export function offeredProtocols(req: IncomingMessage): string[] {
  const header = req.headers['sec-websocket-protocol'];
  if (header === undefined) return [];
  return header
    .split(',')
    .map((token) => token.trim())
    .filter((token) => token.length > 0);
}

function refuse(status: number, message: string, headers?: Record<string, string>): UpgradeVerdict {
  return headers === undefined ? { ok: false, status, message } : { ok: false, status, message, headers };
}
