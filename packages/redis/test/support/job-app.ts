import { post2026 as rawPost2026, untilTaskStatus, type Rpc, workFor } from '@armature/transport-fixtures';
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
    await workFor(args.ms, ctx.signal);
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

const JOB_CAPABILITIES = { elicitation: { form: {} }, extensions: { 'io.modelcontextprotocol/tasks': {} } };

/** One MCP 2026-07-28 request over HTTP (the shared raw client) with this suite's default capabilities. */
export function post2026(
  url: string,
  method: string,
  params: Record<string, unknown>,
  name?: string,
  caps: Record<string, unknown> = JOB_CAPABILITIES,
): Promise<Rpc> {
  return rawPost2026(url, method, params, name, caps);
}

/** Polls `tasks/get` on `url` until the task has `status` (bounded). */
export function untilStatus(url: string, taskId: string, status: string, timeoutMs = 5_000): Promise<Rpc> {
  return untilTaskStatus(url, taskId, status, timeoutMs);
}
