import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Refuses an upgrade request with a plain HTTP response on the raw socket — the only way to
 * answer an `upgrade` event — and closes the connection. The body says what to fix.
 */
export function rejectUpgrade(socket: Duplex, status: number, message: string, headers: Readonly<Record<string, string>> = {}): void {
  if (socket.destroyed) return;
  const body = `${message}\n`;
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'Connection: close',
    'Content-Type: text/plain; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
  // end() flushes the response first; destroy() afterwards guarantees the socket is released.
  socket.once('finish', () => socket.destroy());
}
