import type { IncomingMessage } from 'node:http';
import type { TransportRequestInfo } from '@armature/core';
import { withoutCredentials } from '@armature/core/internal';

/**
 * The transport facts of a WebSocket connection: those of its upgrade request, built once per
 * connection and shared by every message of it (`ctx.requestInfo`, the verifier's second
 * argument). Frozen; headers without credentials.
 */
export function upgradeRequestInfo(req: IncomingMessage): TransportRequestInfo {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return Object.freeze({
    transport: 'websocket',
    method: req.method ?? 'GET',
    path: query < 0 ? url : url.slice(0, query),
    headers: withoutCredentials(req.headers),
    remoteAddress: req.socket?.remoteAddress,
  });
}
