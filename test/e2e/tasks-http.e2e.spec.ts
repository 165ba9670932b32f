import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, CreateTaskResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { Armature, RequestContext, Tool } from '@armature/core';
import { TASKS_EXTENSION } from '@armature/core/tasks';
import { Module } from '@armature/di';
import { listenHttp, type HttpListenHandle } from '@armature/http';
import { post2026 as rawPost2026, untilTaskStatus, type Rpc, workFor } from '@armature/transport-fixtures';

const TASKS = { extensions: { [TASKS_EXTENSION]: {} } };

class JobTools {
  @Tool({
    description: 'Works for ms milliseconds (stops when cancelled).',
    task: 'optional',
    inputSchema: { type: 'object', properties: { ms: { type: 'integer' } }, required: ['ms'] },
  })
  async job(args: { ms: number }, ctx: RequestContext): Promise<string> {
    await workFor(args.ms, ctx.signal);
    return ctx.signal.aborted ? 'stopped' : `done after ${args.ms} ms`;
  }
}

@Module({ handlers: [JobTools] })
class JobModule {}

/**
 * Tasks over a real Streamable HTTP socket: 2026-07-28 as stateless POSTs with the routing
 * headers (raw HTTP: the SDK v2 client has no tasks API for the extension), 2025-11-25 with the
 * official SDK v1 client's experimental tasks API, including reading a result after reconnecting.
 */
describe('tasks over Streamable HTTP (both revisions, a real socket)', function () {
  this.timeout(20_000);
  let app: Armature;
  let http: HttpListenHandle;

  /** One 2026 request to this suite's server (the shared raw client: envelope in _meta, routing headers). */
  const post2026 = (method: string, params: Record<string, unknown>, name?: string): Promise<Rpc> =>
    rawPost2026(http.url, method, params, name, TASKS);
  const untilStatus = (taskId: string, status: string): Promise<Rpc> => untilTaskStatus(http.url, taskId, status);

  before(async () => {
    app = await Armature.create(JobModule, {
      name: 'jobs',
      version: '1.0.0',
      manifest: { armature: 1, handlers: {} },
      requestStateKey: 'tasks-http-e2e-request-state-key-32b',
    });
    http = await listenHttp(app, { port: 0 });
  });
  after(async () => {
    await app.close({ drainMs: 0 });
    await http.close();
  });

  it('2026: create, follow to completed, read the result; cancel another; unknown ids -32602; a mismatched Mcp-Name -32020', async () => {
    const created = await post2026('tools/call', { name: 'job', arguments: { ms: 50 } }, 'job');
    expect(created.status).to.equal(200);
    expect(created.result!.resultType).to.equal('task');
    const taskId = created.result!.taskId as string;
    const done = await untilStatus(taskId, 'completed');
    expect(done.result!.result).to.deep.equal({ content: [{ type: 'text', text: 'done after 50 ms' }] });

    const long = (await post2026('tools/call', { name: 'job', arguments: { ms: 60_000 } }, 'job')).result!.taskId as string;
    const ack = await post2026('tasks/cancel', { taskId: long }, long);
    expect(ack.result!.resultType).to.equal('complete');
    expect((await post2026('tasks/get', { taskId: long }, long)).result!.status).to.equal('cancelled');

    const unknown = await post2026('tasks/get', { taskId: 'no-such-task' }, 'no-such-task');
    expect(unknown.error!.code).to.equal(-32602);
    const mismatch = await post2026('tasks/get', { taskId }, 'another-task');
    expect(mismatch.status).to.equal(400);
    expect(mismatch.error!.code).to.equal(-32020);
  });

  it('2025: the SDK v1 client creates a task, disconnects, and a new connection reads its result', async () => {
    const first = new Client({ name: 'first', version: '1.0.0' });
    await first.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    const { task } = await first.request(
      { method: 'tools/call', params: { name: 'job', arguments: { ms: 100 }, task: { ttl: 60_000 } } },
      CreateTaskResultSchema,
    );
    expect(task.status).to.equal('working');
    await (first.transport as StreamableHTTPClientTransport).terminateSession();
    await first.close();

    const second = new Client({ name: 'second', version: '1.0.0' });
    await second.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    try {
      const result = await second.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
      expect(result.content).to.deep.equal([{ type: 'text', text: 'done after 100 ms' }]);
      expect((await second.experimental.tasks.getTask(task.taskId)).status).to.equal('completed');
    } finally {
      await second.close();
    }
  });
});
