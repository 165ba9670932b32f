import { expect } from 'chai';
import { CallToolResultSchema, CreateTaskResultSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Armature } from '../../src/app/armature.app';
import { RELATED_TASK } from '../../src/tasks/task-wire';
import { waitUntil } from '../support/wait';
import { type AppConnection, connectClient } from '../app/support/app-client';
import { createTaskApp, seen } from './task-app';

/** Messages of the SDK's experimental task stream, as a test reads them. */
type StreamMessage = { type: string; task?: { taskId: string; status: string }; result?: Record<string, unknown>; error?: unknown };

describe("tasks on MCP 2025-11-25 (the official SDK v1 client's experimental tasks API, every message schema-checked)", () => {
  let app: Armature;
  let conn: AppConnection;

  beforeEach(async () => {
    app = await createTaskApp();
    conn = await connectClient(app);
  });
  afterEach(async () => {
    await conn.close();
    await app.close({ drainMs: 0 });
  });

  it("initialize declares the tasks capability, and tools/list the tools' execution.taskSupport", async () => {
    expect(conn.client.getServerCapabilities()?.tasks).to.deep.equal({ list: {}, cancel: {}, requests: { tools: { call: {} } } });
    const { tools } = await conn.client.listTools();
    const support = Object.fromEntries(tools.map((t) => [t.name, (t as { execution?: { taskSupport?: string } }).execution?.taskSupport]));
    expect(support).to.deep.equal({
      sleepy: 'optional',
      toolFails: 'required',
      protocolFails: 'required',
      twoQuestions: 'required',
      askThenTask: 'optional',
      typedInTask: 'required',
      plain: undefined,
    });
  });

  it('callToolStream runs a task to completion: taskCreated, then the result (tasks/result carries related-task)', async () => {
    const messages: StreamMessage[] = [];
    const stream = conn.client.experimental.tasks.callToolStream({ name: 'sleepy', arguments: { ms: 20 } }, CallToolResultSchema, {
      task: { ttl: 60_000 },
    });
    for await (const message of stream) messages.push(message as StreamMessage);
    expect(messages[0]?.type).to.equal('taskCreated');
    const last = messages[messages.length - 1]!;
    expect(last.type, JSON.stringify(last)).to.equal('result');
    expect(last.result!.content).to.deep.equal([{ type: 'text', text: 'slept 20' }]);
    const taskId = messages[0]!.task!.taskId;
    const task = await conn.client.experimental.tasks.getTask(taskId);
    expect(task.status).to.equal('completed');
    expect(task.ttl).to.equal(60_000);
    const result = await conn.client.experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
    expect(result._meta?.[RELATED_TASK]).to.deep.equal({ taskId });
  });

  it('cancels a running task (its handler sees the signal), and refuses to cancel it twice (-32602)', async () => {
    const stream = conn.client.experimental.tasks.callToolStream({ name: 'sleepy', arguments: { ms: 10_000 } }, CallToolResultSchema, {
      task: {},
    });
    const first = (await stream.next()).value as StreamMessage;
    expect(first.type).to.equal('taskCreated');
    const taskId = first.task!.taskId;
    await waitUntil(() => seen.runs === 1, 'the handler to start');
    const cancelled = await conn.client.experimental.tasks.cancelTask(taskId);
    expect(cancelled.status).to.equal('cancelled');
    await waitUntil(() => seen.aborted.includes('sleepy'), 'the handler to see its signal abort');
    let code: unknown;
    await conn.client.experimental.tasks.cancelTask(taskId).catch((error: { code?: unknown }) => (code = error.code));
    expect(code).to.equal(-32602);
    await stream.return(undefined);
  });

  it('a result is read after the client reconnects (a new session, same principal), and tasks/list is per session', async () => {
    const created = (
      await conn.client.request(
        { method: 'tools/call', params: { name: 'sleepy', arguments: { ms: 30 }, task: { ttl: 60_000 } } },
        CreateTaskResultSchema,
      )
    ).task;
    expect((await conn.client.experimental.tasks.listTasks()).tasks.map((t) => t.taskId)).to.deep.equal([created.taskId]);
    await conn.close();
    conn = await connectClient(app);
    const result = await conn.client.experimental.tasks.getTaskResult(created.taskId, CallToolResultSchema);
    expect(result.content).to.deep.equal([{ type: 'text', text: 'slept 30' }]);
    // Without authentication a session lists only its own tasks.
    expect((await conn.client.experimental.tasks.listTasks()).tasks).to.deep.equal([]);
  });

  it('ctx.startTask() on 2025: the question goes to the client as a request, then the call answers with the task', async () => {
    await conn.close();
    conn = await connectClient(app, {
      capabilities: { elicitation: {} },
      configure: (client) => client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { name: 'Cy' } })),
    });
    const created = (
      await conn.client.request({ method: 'tools/call', params: { name: 'askThenTask', arguments: {}, task: {} } }, CreateTaskResultSchema)
    ).task;
    expect(created.status).to.equal('working');
    const result = await conn.client.experimental.tasks.getTaskResult(created.taskId, CallToolResultSchema);
    expect(result.content).to.deep.equal([{ type: 'text', text: 'Cy in a task' }]);
  });

  it('a typed ctx.elicit<T> inside a 2025 task sends the built form as a related-task request and checks the answer', async () => {
    await conn.close();
    const answers: object[] = [
      { action: 'accept', content: { confirm: false } },
      { action: 'accept', content: { confirm: 'no' } },
    ];
    const schemas: unknown[] = [];
    conn = await connectClient(app, {
      capabilities: { elicitation: {} },
      configure: (client) =>
        client.setRequestHandler(ElicitRequestSchema, (request) => {
          schemas.push(request.params.mode === 'url' ? undefined : request.params.requestedSchema);
          return answers.shift() as { action: 'accept'; content: { confirm: boolean } };
        }),
    });
    const run = async (): Promise<unknown> => {
      const { taskId } = (
        await conn.client.request(
          { method: 'tools/call', params: { name: 'typedInTask', arguments: {}, task: {} } },
          CreateTaskResultSchema,
        )
      ).task;
      return conn.client.experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
    };
    expect(await run()).to.deep.include({ content: [{ type: 'text', text: 'confirm=false' }] });
    expect(await run()).to.deep.include({
      content: [{ type: 'text', text: 'The answer to the form "go_on" does not match it: confirm must be a boolean (got string).' }],
      isError: true,
    });
    const form = { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] };
    expect(schemas).to.deep.equal([form, form]);
  });

  it('questions inside a 2025 task are server->client requests tagged with related-task; the task waits in input_required and completes', async () => {
    await conn.close();
    const asked: { meta: unknown; status?: string }[] = [];
    let taskId = '';
    conn = await connectClient(app, {
      capabilities: { elicitation: {} },
      configure: (client) =>
        client.setRequestHandler(ElicitRequestSchema, async (request) => {
          // While the question waits, the task says so.
          const task = await client.experimental.tasks.getTask(taskId);
          asked.push({ meta: request.params._meta?.[RELATED_TASK], status: task.status });
          return { action: 'accept', content: { confirm: true } };
        }),
    });
    taskId = (
      await conn.client.request({ method: 'tools/call', params: { name: 'twoQuestions', arguments: {}, task: {} } }, CreateTaskResultSchema)
    ).task.taskId;
    const result = await conn.client.experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
    expect(result.content).to.deep.equal([{ type: 'text', text: 'accept/accept' }]);
    expect(asked).to.deep.equal([
      { meta: { taskId }, status: 'input_required' },
      { meta: { taskId }, status: 'input_required' },
    ]);
    expect((await conn.client.experimental.tasks.getTask(taskId)).status).to.equal('completed');
  });

  it('a required tool called without task is -32601; a tool error ends the task failed with its isError result', async () => {
    let code: unknown;
    await conn.client.callTool({ name: 'toolFails', arguments: {} }).catch((error: { code?: unknown }) => (code = error.code));
    expect(code).to.equal(-32601);
    const messages: StreamMessage[] = [];
    for await (const message of conn.client.experimental.tasks.callToolStream({ name: 'toolFails', arguments: {} }, CallToolResultSchema, {
      task: {},
    }))
      messages.push(message as StreamMessage);
    const taskId = messages[0]!.task!.taskId;
    expect((await conn.client.experimental.tasks.getTask(taskId)).status).to.equal('failed');
    const result = await conn.client.experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
    expect(result.isError).to.equal(true);
  });
});
