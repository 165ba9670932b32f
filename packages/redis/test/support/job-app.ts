import { Armature, RequestContext, Tool } from '@armature/core';
import type { TaskSignals, TaskStore } from '@armature/core/tasks';
import { Module } from '@armature/di';
import { listenHttp, type HttpListenHandle } from '@armature/http';

/** What the handlers of every instance saw (the instances of a test share this process). */
export const seen = { aborted: [] as string[] };

const CONFIRM = { type: 'object' as const, properties: { confirm: { type: 'boolean' as const } }, required: ['confirm'] };

export class JobTools {
  @Tool({
    description: 'Works for ms milliseconds, stopping when cancelled.',
    task: 'optional',
    inputSchema: { type: 'object', properties: { ms: { type: 'integer' }, label: { type: 'string' } }, required: ['ms'] },
  })
  async job(args: { ms: number; label?: string }, ctx: RequestContext): Promise<string> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, args.ms);
      ctx.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
    if (ctx.signal.aborted) seen.aborted.push(args.label ?? 'job');
    return `done after ${args.ms} ms`;
  }

  @Tool({ description: 'Asks for a confirmation inside its task.', task: 'required', inputSchema: { type: 'object' } })
  async confirm(_args: object, ctx: RequestContext): Promise<string> {
    const answer = await ctx.elicit({ mode: 'form', message: 'Go on?', requestedSchema: CONFIRM }, { key: 'go' });
    return answer.action === 'accept' && answer.content?.confirm === true ? 'confirmed' : 'declined';
  }
}

@Module({ handlers: [JobTools] })
export class JobModule {}

/** One instance: an app on the shared task store and signals, served over Streamable HTTP. */
export interface Instance {
  readonly app: Armature;
  readonly http: HttpListenHandle;
  close(): Promise<void>;
}

export async function startInstance(name: string, tasks: { store: TaskStore; signals: TaskSignals }): Promise<Instance> {
  const app = await Armature.create(JobModule, {
    name,
    version: '1.0.0',
    manifest: { armature: 1, handlers: {} },
    requestStateKey: 'redis-tests-request-state-key-32-bytes',
    logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
    tasks: { ...tasks, pollIntervalMs: 100 },
  });
  const http = await listenHttp(app, { port: 0 });
  return {
    app,
    http,
    async close() {
      await app.close({ drainMs: 0 });
      await http.close();
    },
  };
}

type Rpc = { status: number; result?: Record<string, unknown>; error?: { code: number; message: string; data?: unknown } };
let nextId = 0;

/** One MCP 2026-07-28 request over HTTP (envelope, routing headers; JSON or SSE answer). */
export async function post2026(
  url: string,
  method: string,
  params: Record<string, unknown>,
  name?: string,
  caps: Record<string, unknown> = { elicitation: { form: {} }, extensions: { 'io.modelcontextprotocol/tasks': {} } },
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
    'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
  };
  const res = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', id: ++nextId, method, params: { ...params, _meta: meta } }),
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

/** Polls `tasks/get` on `url` until the task has `status` (bounded). */
export async function untilStatus(url: string, taskId: string, status: string, timeoutMs = 5_000): Promise<Rpc> {
  const deadline = Date.now() + timeoutMs;
  let last: Rpc | undefined;
  while (Date.now() < deadline) {
    last = await post2026(url, 'tasks/get', { taskId }, taskId);
    if (last.result?.status === status) return last;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`task ${taskId} did not reach ${status}: last ${JSON.stringify(last)}`);
}
