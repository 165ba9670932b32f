import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ResolvedWsOptions } from './ws-options';

/**
 * Answers a plain (non-upgrade) HTTP request on `listenWs`'s own port: the RFC 9728
 * protected-resource metadata on its well-known paths (with `protectedResource`), so a client
 * refused with 401 can find the authorization server (MCP 2025-11-25, authorization); anything
 * else 426 Upgrade Required, saying how to connect. Host and Origin are checked first (403).
 */
export function answerPlainHttp(req: IncomingMessage, res: ServerResponse, options: ResolvedWsOptions): void {
  const forbidden = options.hostOrigin.check(req.headers.host, req.headers.origin);
  if (forbidden !== undefined) return plain(res, 403, forbidden);
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  const metadata = options.auth?.metadataJson;
  if (metadata !== undefined && options.auth?.metadataPaths.includes(path) === true) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Length': '0' }).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'application/json',
      'Cache-Control': 'max-age=300',
      'Content-Length': Buffer.byteLength(metadata),
    });
    res.end(metadata);
    return;
  }
  res.writeHead(426, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'Upgrade', Upgrade: 'websocket' });
  res.end(`This is an MCP WebSocket endpoint: connect with subprotocol "mcp" to ${options.path}\n`);
}

function plain(res: ServerResponse, status: number, message: string): void {
  const body = `${message}\n`;
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}
