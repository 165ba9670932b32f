import { request } from 'node:http';
import { POST_HEADERS, post, sessionHeaders } from './raw-http';

/** POSTs a streaming call (the 2026 test app's `wait`, with a progress token) on its own socket and destroys the socket once the first SSE bytes arrive. */
export function destroyMidStream(url: string, session: string, id: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'wait', arguments: { tag: `s${id}` }, _meta: { progressToken: id } },
    });
    const req = request(
      url,
      { method: 'POST', agent: false, headers: { ...POST_HEADERS, ...sessionHeaders(session), 'content-length': Buffer.byteLength(body) } },
      (res) => {
        if (res.headers['content-type'] !== 'text/event-stream') {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => reject(new Error(`expected SSE, got ${String(res.headers['content-type'])}: ${text.slice(0, 300)}`)));
          return;
        }
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      },
    );
    req.on('error', () => undefined);
    req.end(body);
  });
}

/**
 * Destroys one socket per id mid-SSE-response (`destroyMidStream`), then cancels each call: on
 * a 2025 session a dropped stream is not a cancellation (the call runs on, resumable).
 */
export async function dropAndCancel(url: string, session: string, ids: readonly number[]): Promise<void> {
  await Promise.all(ids.map((id) => destroyMidStream(url, session, id)));
  for (const requestId of ids) {
    const cancelled = await post(
      url,
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId } },
      sessionHeaders(session),
    );
    await cancelled.text();
    if (cancelled.status !== 202) throw new Error(`notifications/cancelled answered ${cancelled.status}`);
  }
}
