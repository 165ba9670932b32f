import { answerText } from './answer-text';

/** A 2025-11-25 session over Streamable HTTP, driven with raw `fetch` (tests that go through balancers and several instances). */

/** The `initialize` request these helpers send. */
export const INITIALIZE_2025 = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw-2025', version: '1.0.0' } },
};

/** Headers of a request in `sessionId`. */
export function sessionHeaders(sessionId: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-session-id': sessionId,
    'mcp-protocol-version': '2025-11-25',
    ...extra,
  };
}

/** initialize + notifications/initialized; the session id. */
export async function openSession2025(url: string): Promise<string> {
  const init = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(INITIALIZE_2025),
    signal: AbortSignal.timeout(10_000),
  });
  await init.text();
  const sessionId = init.headers.get('mcp-session-id');
  if (init.status !== 200 || sessionId === null) throw new Error(`initialize answered ${init.status}`);
  const ack = await fetch(url, {
    method: 'POST',
    headers: sessionHeaders(sessionId),
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    signal: AbortSignal.timeout(10_000),
  });
  await ack.text();
  if (ack.status !== 202) throw new Error(`notifications/initialized answered ${ack.status}`);
  return sessionId;
}

let nextId = 1;

/** One request in the session: HTTP status and the JSON-RPC answer (JSON or the last SSE message). */
export async function request2025(
  url: string,
  sessionId: string,
  method: string,
  params: Record<string, unknown> = {},
  timeoutMs = 10_000,
): Promise<{ status: number; result?: Record<string, unknown>; error?: { code: number; message: string } }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: sessionHeaders(sessionId),
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  const json = answerText(res.headers.get('content-type'), text);
  let body: { result?: Record<string, unknown>; error?: { code: number; message: string } } = {};
  try {
    body = json === '' ? {} : (JSON.parse(json) as typeof body);
  } catch {
    body = { error: { code: 0, message: `not JSON (${res.status}): ${text.slice(0, 200)}` } };
  }
  return { status: res.status, ...body };
}
