/** A JSON-RPC answer as read from the wire, with its HTTP status. */
export interface Rpc {
  readonly status: number;
  readonly result?: Record<string, unknown>;
  readonly error?: { code: number; message: string; data?: unknown };
}

const TASKS_CAPS = { extensions: { 'io.modelcontextprotocol/tasks': {} } };
let nextId = 0;

/**
 * One MCP 2026-07-28 request over HTTP, as a client without an SDK sends it (envelope in `_meta`,
 * routing headers): the task methods, which the SDK clients do not speak yet. JSON or SSE answer.
 */
export async function post2026(
  url: string,
  method: string,
  params: Record<string, unknown>,
  name?: string,
  caps: Record<string, unknown> = TASKS_CAPS,
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
    'io.modelcontextprotocol/clientCapabilities': caps,
    'io.modelcontextprotocol/clientInfo': { name: 'cluster-test', version: '1.0.0' },
  };
  const res = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', id: ++nextId, method, params: { ...params, _meta: meta } }),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  const json = res.headers.get('content-type')?.includes('text/event-stream')
    ? (text
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5))
        .pop() ?? '{}')
    : text;
  return { status: res.status, ...(JSON.parse(json) as Omit<Rpc, 'status'>) };
}

/** Polls `tasks/get` until the task has `status` (bounded). */
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
