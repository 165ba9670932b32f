import { WebSocket, type ClientOptions } from 'ws';
import { within } from '@armature/transport-fixtures';

/** Opens a plain `ws` client (for what the SDK client cannot do: binary frames, raw text, close codes). */
export async function openRaw(url: string, options: ClientOptions = {}, protocols: string[] = ['mcp']): Promise<WebSocket> {
  const socket = new WebSocket(url, protocols, options);
  await within(
    new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    }),
    'the WebSocket to open',
  );
  return socket;
}

/** Queues every text message a socket receives, parsed, so none is missed between awaits. */
export function inbox(socket: WebSocket): () => Promise<Record<string, unknown>> {
  const queued: Record<string, unknown>[] = [];
  const waiting: ((message: Record<string, unknown>) => void)[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as Record<string, unknown>;
    const waiter = waiting.shift();
    if (waiter !== undefined) waiter(message);
    else queued.push(message);
  });
  return () => {
    const next = queued.shift();
    if (next !== undefined) return Promise.resolve(next);
    return within(new Promise((resolve) => waiting.push(resolve)), 'a message from the server');
  };
}

/** Resolves with the close code and reason the client saw. */
export function closed(socket: WebSocket): Promise<{ code: number; reason: string }> {
  if (socket.readyState === WebSocket.CLOSED) return Promise.reject(new Error('already closed'));
  return within(
    new Promise((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: String(reason) }))),
    'the socket to close',
  );
}

/** Attempts a handshake that the server is expected to refuse; resolves with the HTTP status and body. */
export function refusal(
  url: string,
  options: ClientOptions = {},
  protocols: string[] = ['mcp'],
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  const socket = new WebSocket(url, protocols, options);
  socket.on('error', () => undefined);
  return within(
    new Promise((resolve, reject) => {
      socket.once('open', () => {
        socket.terminate();
        reject(new Error('the handshake was accepted'));
      });
      socket.once('unexpected-response', (req, res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body, headers: res.headers });
        });
      });
    }),
    'the handshake to be refused',
  );
}

/** The `initialize` request of a raw client. */
export const initializeRequest = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1.0.0' } },
} as const;
