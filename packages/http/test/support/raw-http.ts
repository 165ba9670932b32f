import { request as httpRequest } from 'node:http';

/** Headers every well-behaved POST carries. */
export const POST_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1.0.0' } },
};

/** POSTs one JSON-RPC message with raw fetch. */
export function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { ...POST_HEADERS, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Opens a session the raw way (initialize + initialized); returns its id. */
export async function openSession(url: string, version = '2025-11-25'): Promise<string> {
  const res = await post(url, { ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion: version } });
  if (res.status !== 200) throw new Error(`initialize answered ${res.status}: ${await res.text()}`);
  await res.text();
  const id = res.headers.get('mcp-session-id');
  if (id === null) throw new Error('no Mcp-Session-Id on the initialize response');
  const ack = await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, sessionHeaders(id, version));
  await ack.text();
  return id;
}

export function sessionHeaders(sessionId: string, version = '2025-11-25'): Record<string, string> {
  return { 'mcp-session-id': sessionId, 'mcp-protocol-version': version };
}

/** A request through node:http, which (unlike fetch) lets a test set the Host header. */
export function rawRequest(
  url: string,
  options: { method: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method, headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(5000, () => req.destroy(new Error('raw request timed out')));
    req.end(options.body);
  });
}
