import { expect } from 'chai';
import type { Armature } from '../../src/app/armature.app';
import type { AuthInfo } from '../../src/context/request-context';
import { InMemoryTaskStore } from '../../src/tasks/in-memory-task-store';
import { TASKS_EXTENSION } from '../../src/tasks/task-model';
import { waitUntil } from '../support/wait';
import { META } from '../../src/kernel/mcp-2026';
import { type Msg, Peer2026, settle, with2026 } from '../kernel/support/peer-2026';
import { createTaskApp, seen } from './task-app';

const TASKS = { extensions: { [TASKS_EXTENSION]: {} } };
const ELICIT_TASKS = { elicitation: { form: {} }, ...TASKS };
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/;

describe('tasks on MCP 2026-07-28 (the tasks extension, raw messages, every message schema-checked)', () => {
  let app: Armature;
  let peer: Peer2026;
  let id = 0;
  const next = (): number => (id += 1);

  const get = (taskId: string, caps: Record<string, unknown> = TASKS, auth?: AuthInfo): Promise<Msg> =>
    peer.request('tasks/get', { taskId }, next(), { caps }, auth);
  async function until(taskId: string, status: string, caps: Record<string, unknown> = TASKS): Promise<Msg> {
    let last: Msg | undefined;
    for (let i = 0; i < 100 && last?.result?.status !== status; i += 1) {
      last = await get(taskId, caps);
      if (last.result?.status !== status) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(last?.result?.status, JSON.stringify(last)).to.equal(status);
    return last!;
  }

  beforeEach(async () => {
    app = await createTaskApp();
    peer = await Peer2026.open(app);
  });
  afterEach(async () => {
    await peer.close();
    await app.close({ drainMs: 0 });
  });

  it('server/discover declares the extension, never the 2025 tasks capability', async () => {
    const discover = await peer.request('server/discover', {}, next());
    const caps = discover.result!.capabilities as Record<string, unknown>;
    expect(caps.extensions).to.deep.equal({ [TASKS_EXTENSION]: {} });
    expect(caps).to.not.have.property('tasks');
  });

  it('a task-capable call answers a flat handle (resultType task), tasks/get follows it to completed with the result', async () => {
    const created = await peer.call('sleepy', { ms: 30 }, next(), { caps: TASKS });
    const handle = created.result!;
    expect(handle.resultType).to.equal('task');
    expect(handle.status).to.equal('working');
    expect(handle.createdAt).to.match(ISO);
    expect(handle.lastUpdatedAt).to.match(ISO);
    expect(handle.ttlMs).to.equal(3_600_000);
    expect(handle.pollIntervalMs).to.equal(1000);
    for (const absent of ['task', 'result', 'error', 'inputRequests', 'requestState', 'ttl', 'pollInterval'])
      expect(handle).to.not.have.property(absent);
    // Durable create: the very next read finds it.
    const first = await get(handle.taskId as string);
    expect(first.result!.taskId).to.equal(handle.taskId);
    const done = await until(handle.taskId as string, 'completed');
    expect(done.result!.resultType).to.equal('complete');
    expect(done.result!.result).to.deep.equal({ content: [{ type: 'text', text: 'slept 30' }] });
    expect(done.result!.statusMessage).to.equal('half way');
  });

  it('without the extension: an optional tool runs as a plain call, a required one is -32021 naming the extension', async () => {
    const plain = await peer.call('sleepy', { ms: 1 }, next(), { caps: {} });
    expect(plain.result!.resultType).to.equal('complete');
    expect(plain.result!.content).to.deep.equal([{ type: 'text', text: 'slept 1' }]);
    const refused = await peer.call('toolFails', {}, next(), { caps: {} });
    expect(refused.error!.code).to.equal(-32021);
    expect(refused.error!.data).to.deep.equal({ requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } });
    // A legacy 2025 `task` param changes nothing on a tool that takes no task.
    const legacy = await peer.call('plain', {}, next(), { caps: TASKS, extra: { task: { ttl: 1000 } } });
    expect(legacy.result!.resultType).to.equal('complete');
  });

  it('tasks/get, update and cancel need the extension (-32021 before the id is looked up); tasks/result and tasks/list are -32601', async () => {
    for (const [method, params] of [
      ['tasks/get', { taskId: 'nope' }],
      ['tasks/update', { taskId: 'nope', inputResponses: {} }],
      ['tasks/cancel', { taskId: 'nope' }],
    ] as const) {
      expect((await peer.request(method, params, next(), { caps: {} })).error!.code, method).to.equal(-32021);
    }
    expect((await peer.request('tasks/result', { taskId: 'nope' }, next(), { caps: TASKS })).error!.code).to.equal(-32601);
    expect((await peer.request('tasks/list', {}, next(), { caps: TASKS })).error!.code).to.equal(-32601);
    expect((await get('no-such-task')).error!.code).to.equal(-32602);
  });

  it('a tool error completes the task with isError; a JSON-RPC error fails it with error and no result', async () => {
    const toolError = (await peer.call('toolFails', {}, next(), { caps: TASKS })).result!.taskId as string;
    const completed = await until(toolError, 'completed');
    expect(completed.result!.result).to.deep.equal({ content: [{ type: 'text', text: 'the data set is empty' }], isError: true });
    const rpcError = (await peer.call('protocolFails', {}, next(), { caps: TASKS })).result!.taskId as string;
    const failed = await until(rpcError, 'failed');
    expect(failed.result!.error).to.deep.equal({ code: -32603, message: 'the worker was lost' });
    expect(failed.result!).to.not.have.property('result');
  });

  it('tasks/cancel: an empty ack, the task cancelled at once and the handler signal aborted; cancelling again acks again', async () => {
    const taskId = (await peer.call('sleepy', { ms: 10_000 }, next(), { caps: TASKS })).result!.taskId as string;
    await waitUntil(() => seen.runs === 1, 'the handler to start');
    const ack = await peer.request('tasks/cancel', { taskId }, next(), { caps: TASKS });
    expect(Object.keys(ack.result!).sort()).to.deep.equal(['_meta', 'resultType']);
    expect((await get(taskId)).result!.status).to.equal('cancelled');
    await waitUntil(() => seen.aborted.includes('sleepy'), 'the handler to see its signal abort');
    const again = await peer.request('tasks/cancel', { taskId }, next(), { caps: TASKS });
    expect(again.result!.resultType).to.equal('complete');
    expect((await get(taskId)).result!.status).to.equal('cancelled');
  });

  it('questions become inputRequests; a partial tasks/update is visible at once; unknown keys are ignored; both answers complete it', async () => {
    const taskId = (await peer.call('twoQuestions', {}, next(), { caps: ELICIT_TASKS })).result!.taskId as string;
    const waiting = await until(taskId, 'input_required', ELICIT_TASKS);
    expect(Object.keys(waiting.result!.inputRequests as object)).to.deep.equal(['first', 'second']);
    expect((waiting.result!.inputRequests as Record<string, { method: string }>).first!.method).to.equal('elicitation/create');
    const ack = await peer.request(
      'tasks/update',
      { taskId, inputResponses: { first: { action: 'accept', content: { confirm: true } }, stray: { whatever: 1 } } },
      next(),
      { caps: ELICIT_TASKS },
    );
    expect(ack.result!.resultType).to.equal('complete');
    const partial = await get(taskId, ELICIT_TASKS);
    expect(partial.result!.status).to.equal('input_required');
    expect(Object.keys(partial.result!.inputRequests as object)).to.deep.equal(['second']);
    const invalid = await peer.request('tasks/update', { taskId, inputResponses: { second: { action: 'maybe' } } }, next(), {
      caps: ELICIT_TASKS,
    });
    expect(invalid.error!.code).to.equal(-32602);
    await peer.request('tasks/update', { taskId, inputResponses: { second: { action: 'decline' } } }, next(), { caps: ELICIT_TASKS });
    const done = await until(taskId, 'completed', ELICIT_TASKS);
    expect(done.result!.result).to.deep.equal({ content: [{ type: 'text', text: 'accept/decline' }] });
  });

  it('a typed ctx.elicit<T> inside a task: its form is an inputRequests entry, tasks/update answers it, a mismatch fails the call readably', async () => {
    const ask = async (): Promise<{ taskId: string; params: Record<string, unknown> }> => {
      const taskId = (await peer.call('typedInTask', {}, next(), { caps: ELICIT_TASKS })).result!.taskId as string;
      const waiting = await until(taskId, 'input_required', ELICIT_TASKS);
      const request = (waiting.result!.inputRequests as Record<string, { method: string; params: Record<string, unknown> }>).go_on!;
      expect(request.method).to.equal('elicitation/create');
      return { taskId, params: request.params };
    };
    const first = await ask();
    expect(first.params).to.deep.include({ mode: 'form', message: 'go on?' });
    expect(first.params.requestedSchema).to.deep.equal({
      type: 'object',
      properties: { confirm: { type: 'boolean' } },
      required: ['confirm'],
    });
    const answer = (taskId: string, response: object): Promise<unknown> =>
      peer.request('tasks/update', { taskId, inputResponses: { go_on: response } }, next(), { caps: ELICIT_TASKS });
    await answer(first.taskId, { action: 'accept', content: { confirm: true } });
    const accepted = await until(first.taskId, 'completed', ELICIT_TASKS);
    expect(accepted.result!.result).to.deep.equal({ content: [{ type: 'text', text: 'confirm=true' }] });

    const second = await ask();
    await answer(second.taskId, { action: 'accept', content: { confirm: 'yes' } });
    const mismatched = await until(second.taskId, 'completed', ELICIT_TASKS);
    expect(mismatched.result!.result).to.deep.equal({
      content: [{ type: 'text', text: 'The answer to the form "go_on" does not match it: confirm must be a boolean (got string).' }],
      isError: true,
    });

    const third = await ask();
    await answer(third.taskId, { action: 'cancel' });
    const cancelled = await until(third.taskId, 'completed', ELICIT_TASKS);
    expect(cancelled.result!.result).to.deep.equal({ content: [{ type: 'text', text: 'cancel' }] });
  });

  it('ctx.startTask(): the questions before it are input_required rounds of the request, the retry answers with the task handle', async () => {
    const first = await peer.call('askThenTask', {}, next(), { caps: ELICIT_TASKS });
    expect(first.result!.resultType).to.equal('input_required');
    expect(first.result).to.not.have.property('taskId');
    const retry = await peer.call('askThenTask', {}, next(), {
      caps: ELICIT_TASKS,
      extra: { inputResponses: { name: { action: 'accept', content: { name: 'Ada' } } }, requestState: first.result!.requestState },
    });
    expect(retry.result!.resultType).to.equal('task');
    for (const absent of ['requestState', 'inputRequests']) expect(retry.result).to.not.have.property(absent);
    const done = await until(retry.result!.taskId as string, 'completed', ELICIT_TASKS);
    expect(done.result!.result).to.deep.equal({ content: [{ type: 'text', text: 'Ada in a task' }] });
    // A client without the extension: startTask() changes nothing, the call answers as usual.
    const plainFirst = await peer.call('askThenTask', {}, next(), { caps: { elicitation: { form: {} } } });
    const plain = await peer.call('askThenTask', {}, next(), {
      caps: { elicitation: { form: {} } },
      extra: { inputResponses: { name: { action: 'accept', content: { name: 'Bo' } } }, requestState: plainFirst.result!.requestState },
    });
    expect(plain.result!.content).to.deep.equal([{ type: 'text', text: 'Bo without a task' }]);
  });

  it('subscriptions/listen with notifications.taskIds: notifications/tasks with the task as tasks/get gives it; another principal hears nothing; needs the extension', async () => {
    const ada: AuthInfo = { token: 't1', clientId: 'ada', scopes: [] };
    const bob: AuthInfo = { token: 't2', clientId: 'bob', scopes: [] };
    const taskId = (await peer.call('sleepy', { ms: 150 }, next(), { caps: TASKS }, ada)).result!.taskId as string;
    const refused = await peer.request('subscriptions/listen', { notifications: { taskIds: [taskId] } }, next(), { caps: {} });
    expect(refused.error!.code).to.equal(-32021);
    const from = peer.received.length;
    await peer.start('subscriptions/listen', with2026({ notifications: { taskIds: [taskId] } }, { caps: TASKS }), 'listen-ada', ada);
    await peer.start('subscriptions/listen', with2026({ notifications: { taskIds: [taskId] } }, { caps: TASKS }), 'listen-bob', bob);
    const ack = await peer.next(
      (m) => m.method === 'notifications/subscriptions/acknowledged' && m.params?._meta?.[META.subscriptionId] === 'listen-ada',
      'the ack',
      from,
    );
    expect((ack.params!.notifications as { taskIds?: string[] }).taskIds).to.deep.equal([taskId]);
    const done = await peer.next(
      (m) => m.method === 'notifications/tasks' && m.params?.status === 'completed',
      'the completed notification',
      from,
    );
    expect(done.params!.taskId).to.equal(taskId);
    expect(done.params!.result).to.deep.equal({ content: [{ type: 'text', text: 'slept 150' }] });
    expect(done.params!._meta).to.deep.equal({ [META.subscriptionId]: 'listen-ada' });
    await settle(50);
    expect(
      peer.notifications('notifications/tasks', from).filter((m) => m.params?._meta?.[META.subscriptionId] === 'listen-bob'),
    ).to.deep.equal([]);
    for (const id of ['listen-ada', 'listen-bob'])
      await peer.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } });
  });

  it('a task belongs to its principal: another one gets -32602 as for an unknown id, and cannot cancel it', async () => {
    const ada: AuthInfo = { token: 't1', clientId: 'ada', scopes: [] };
    const bob: AuthInfo = { token: 't2', clientId: 'bob', scopes: [] };
    const created = await peer.call('sleepy', { ms: 10_000 }, next(), { caps: TASKS }, ada);
    const taskId = created.result!.taskId as string;
    expect((await get(taskId, TASKS, bob)).error!.code).to.equal(-32602);
    expect((await get(taskId, TASKS)).error!.code).to.equal(-32602);
    expect((await peer.request('tasks/cancel', { taskId }, next(), { caps: TASKS }, bob)).error!.code).to.equal(-32602);
    expect((await get(taskId, TASKS, ada)).result!.status).to.equal('working');
    await peer.request('tasks/cancel', { taskId }, next(), { caps: TASKS }, ada);
  });
});

describe('tasks: limits, retention and shutdown (2026 raw messages)', () => {
  it('maxActivePerOwner holds: an optional tool then runs as a plain call, a required one answers isError saying why', async () => {
    const app = await createTaskApp({ tasks: { maxActivePerOwner: 2 } });
    const peer = await Peer2026.open(app);
    try {
      const handles = [
        await peer.call('sleepy', { ms: 10_000 }, 1, { caps: TASKS }),
        await peer.call('sleepy', { ms: 10_000 }, 2, { caps: TASKS }),
      ];
      expect(handles.map((h) => h.result!.resultType)).to.deep.equal(['task', 'task']);
      const plain = await peer.call('sleepy', { ms: 1 }, 3, { caps: TASKS });
      expect(plain.result!.resultType).to.equal('complete');
      const refused = await peer.call('toolFails', {}, 4, { caps: TASKS });
      expect(refused.result!.isError).to.equal(true);
      expect((refused.result!.content as { text: string }[])[0]!.text).to.match(/Too many tasks in progress for this client \(2\)/);
      for (const [n, handle] of handles.entries())
        await peer.request('tasks/cancel', { taskId: handle.result!.taskId }, 10 + n, { caps: TASKS });
      // Cancelled tasks no longer count.
      expect((await peer.call('sleepy', { ms: 1 }, 20, { caps: TASKS })).result!.resultType).to.equal('task');
    } finally {
      await peer.close();
      await app.close({ drainMs: 0 });
    }
  });

  it('a task past its retention is gone (-32602) and its work stops, finished or not', async () => {
    const app = await createTaskApp({ tasks: { defaultTtlMs: 150 } });
    const peer = await Peer2026.open(app);
    try {
      const taskId = (await peer.call('sleepy', { ms: 10_000 }, 1, { caps: TASKS })).result!.taskId as string;
      expect((await peer.request('tasks/get', { taskId }, 2, { caps: TASKS })).result!.ttlMs).to.equal(150);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await peer.request('tasks/get', { taskId }, 3, { caps: TASKS })).error!.code).to.equal(-32602);
    } finally {
      await peer.close();
      await app.close({ drainMs: 0 });
    }
  });

  it('shutdown: a task that does not finish within the drain window is stored cancelled, with a status message', async () => {
    const store = new InMemoryTaskStore();
    const app = await createTaskApp({ tasks: { store } });
    const peer = await Peer2026.open(app);
    const taskId = (await peer.call('sleepy', { ms: 10_000 }, 1, { caps: TASKS })).result!.taskId as string;
    await peer.close();
    await app.close({ drainMs: 50 });
    const record = await store.get(taskId);
    expect(record?.status).to.equal('cancelled');
    expect(record?.statusMessage).to.equal('The server shut down before the task finished');
  });

  it('boot: task and execution.taskSupport must agree and be one of the three values', async () => {
    const app = await createTaskApp();
    try {
      expect(() => app.tools.register({ name: 'bad', description: 'x', task: 'sometimes' as never, handler: () => 'x' })).to.throw(
        /ARM_ERR_INVALID_TASK_SUPPORT|task support must be/,
      );
      expect(() =>
        app.tools.register({
          name: 'clash',
          description: 'x',
          task: 'optional',
          execution: { taskSupport: 'required' },
          handler: () => 'x',
        }),
      ).to.throw(/disagrees with execution.taskSupport/);
    } finally {
      await app.close({ drainMs: 0 });
    }
  });
});
