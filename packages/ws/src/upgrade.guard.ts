import type { IncomingMessage } from 'node:http';
import type { AuthInfo } from '@armature/core';
import type { ResolvedWsOptions } from './ws-options';

/** The subprotocol the official SDK's `WebSocketClientTransport` offers, and the only one we speak. */
export const MCP_SUBPROTOCOL = 'mcp';

/** Outcome of the pre-upgrade checks: go ahead (with the principal, if any) or refuse with a status. */
export type UpgradeVerdict =
  | { readonly ok: true; readonly authInfo: AuthInfo | undefined }
  | { readonly ok: false; readonly status: number; readonly message: string; readonly headers?: Readonly<Record<string, string>> };

/**
 * Runs every check that must happen before the socket is upgraded, cheapest first, so a
 * refused request never costs a WebSocket: Host (DNS rebinding), Origin (cross-site pages),
 * the `mcp` subprotocol, then the optional bearer token.
 */
export async function checkUpgrade(req: IncomingMessage, options: ResolvedWsOptions): Promise<UpgradeVerdict> {
  const forbidden = options.hostOrigin.check(req.headers.host, req.headers.origin);
  if (forbidden !== undefined) return refuse(403, forbidden);
  if (!offeredProtocols(req).includes(MCP_SUBPROTOCOL)) {
    return refuse(400, `The WebSocket handshake must offer the subprotocol "${MCP_SUBPROTOCOL}" (Sec-WebSocket-Protocol: ${MCP_SUBPROTOCOL})`);
  }
  if (options.verifyToken === undefined) return { ok: true, authInfo: undefined };
  return verifyBearer(req, options);
}

async function verifyBearer(req: IncomingMessage, options: ResolvedWsOptions): Promise<UpgradeVerdict> {
  const challenge = options.resourceMetadataUrl === undefined ? 'Bearer' : `Bearer resource_metadata="${options.resourceMetadataUrl}"`;
  const match = /^Bearer +([^ ]+) *$/i.exec(req.headers.authorization ?? '');
  if (match === null) return refuse(401, 'Missing bearer token', { 'WWW-Authenticate': challenge });
  let authInfo: AuthInfo | undefined;
  try {
    authInfo = await options.verifyToken?.(match[1] as string, req);
  } catch (error) {
    options.onError(error instanceof Error ? error : new Error(String(error)));
    authInfo = undefined;
  }
  if (authInfo === undefined) {
    return refuse(401, 'Invalid bearer token', { 'WWW-Authenticate': `${challenge}, error="invalid_token"` });
  }
  return { ok: true, authInfo };
}

/** The subprotocols a handshake offers, in order. */
export function offeredProtocols(req: IncomingMessage): string[] {
  const header = req.headers['sec-websocket-protocol'];
  if (header === undefined) return [];
  return header.split(',').map((token) => token.trim()).filter((token) => token.length > 0);
}

function refuse(status: number, message: string, headers?: Record<string, string>): UpgradeVerdict {
  return headers === undefined ? { ok: false, status, message } : { ok: false, status, message, headers };
}
