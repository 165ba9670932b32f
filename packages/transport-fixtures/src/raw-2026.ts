import { answerText } from './answer-text';

/** A JSON-RPC answer as read from the wire, with its HTTP status. */
export interface Rpc {
  readonly status: number;
  readonly result?: Record<string, unknown>;
  readonly error?: { code: number; message: string; data?: unknown };
}

const TASKS_CAPABILITIES = { extensions: { 'io.modelcontextprotocol/tasks': {} } };
let nextId = 0;

/**
 * One MCP 2026-07-28 request over HTTP as a client without an SDK sends it: the `_meta` envelope
 * and the routing headers. For what the SDK clients do not speak yet (the task methods) and for
 * raw checks. Reads a JSON answer or the last message of an SSE one.
 */
export async function post2026(
  url: string,
  method: string,
  params: Record<string, unknown>,
  /** The `Mcp-Name` header (tool or prompt name, resource URI, task id). */
  name?: string,
  /** The envelope's client capabilities (default: the tasks extension, which the task methods need). */
  capabilities: Record<string, unknown> = TASKS_CAPABILITIES,
): Promise<Rpc> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': method,
  };
  if (name !== undefined) headers['mcp-name'] = name;
  const meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': capabilities,
    'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
  };
  const res = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', id: ++nextId, method, params: { ...params, _meta: meta } }),
    // Bounded: a test never waits on a server that stopped answering.
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  const json = answerText(res.headers.get('content-type'), text) || '{}';
  return { status: res.status, ...(JSON.parse(json) as Omit<Rpc, 'status'>) };
}

/** Polls 2026 `tasks/get` on `url` until the task has `status`; throws with the last answer after `timeoutMs`. */
export async function untilTaskStatus(url: string, taskId: string, status: string, timeoutMs = 10_000): Promise<Rpc> {
  const deadline = Date.now() + timeoutMs;
  let last: Rpc | undefined;
  while (Date.now() < deadline) {
    last = await post2026(url, 'tasks/get', { taskId }, taskId);
    if (last.result?.status === status) return last;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`task ${taskId} did not reach ${status}: last ${JSON.stringify(last)}`);
}
