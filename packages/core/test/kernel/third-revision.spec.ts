import { expect } from 'chai';
import type { Armature } from '../../src/app/armature.app';
import { McpWireError } from '../../src/errors/wire-error';
import { serveRequest } from '../../src/kernel/request-exchange';
import { methodTable, type ExchangeKernel, type Revision } from '../../src/kernel/revision';
import type { FeatureMethod } from '../../src/protocol/feature-methods';
import { requiredString } from '../../src/protocol/request-params';
import type { RevisionTasks } from '../../src/tasks/revision-tasks';
import type { JSONRPCMessage } from '../../src/wire/mcp-types.generated';
import { deferred } from '../support/wait';
import { createTaskApp } from '../tasks/task-app';

/**
 * A revision that exists only here: one object (plus its own `tasks/get`), chosen by the
 * caller, served by the same request path, features, routes, handlers and task runtime as the
 * real ones. What makes it different is data on the object: its version, how it decorates a
 * result, numbers an error, admits a task and shapes the task's handle.
 */
const THIRD_VERSION = '2099-01-01';

const THIRD_TASKS: RevisionTasks = {
  revision: THIRD_VERSION,
  // Any tool that may run as a task does (the server's choice), and keeps the default retention.
  admit: (support, _name, _params, _ctx, retention) => (support === 'forbidden' ? undefined : { ttlMs: retention.default, support }),
  throughSession: false,
  outcome: (result) => (result.isError === true ? 'failed' : 'completed'),
  errorCode: (code) => code,
  handle: (record) => ({ thirdTask: record.taskId }),
  announce: () => undefined,
};

/** Its `tasks/get`: the stored record itself, so the test sees what the task runtime kept. */
const getTask: FeatureMethod = async (features, params, ctx) => {
  if (features.tasks === undefined) throw McpWireError.methodNotFound('tasks/get');
  return { ...(await features.tasks.get(requiredString(params, 'taskId'), ctx)) };
};

const THIRD_REVISION: Revision = {
  versions: [THIRD_VERSION],
  tasks: THIRD_TASKS,
  methods: methodTable([], new Map([['tasks/get', getTask]]), THIRD_TASKS),
  envelopeOf: () => ({ protocolVersion: THIRD_VERSION, clientCapabilities: {}, clientInfo: undefined, logRank: Number.POSITIVE_INFINITY }),
  gate: () => undefined,
  admit: () => undefined,
  // This revision moves every error 1000 further from zero, so a test can tell it numbered it.
  encodeError: (response) => ({ ...response, error: { ...response.error, code: response.error.code - 1000 } }),
  httpStatus: () => 200,
  decorate: (_exchange, result) => ({ ...result, servedBy: THIRD_VERSION }),
  ask: (_exchange, method) => Promise.reject(McpWireError.invalidParams(`${method} cannot be asked on ${THIRD_VERSION}`)),
};

type Answer = { result?: Record<string, unknown>; error?: { code: number; message: string } };

describe('a third revision: one object serves tools/call through the whole stack (kernel, routes, handlers, tasks)', () => {
  let app: Armature;
  let id = 0;

  before(async () => {
    app = await createTaskApp();
  });
  after(async () => {
    await app.close();
  });

  /** Serves one request under the third revision with the app's own request kernel; resolves with its answer. */
  function request(method: string, params: Record<string, unknown>): Promise<Answer> {
    const answered = deferred<Answer>(`the answer to ${method}`);
    const sink = {
      notify: () => Promise.resolve(),
      respond: (message: JSONRPCMessage) => answered.resolve(message as Answer),
    };
    const kernel = app.requestKernel() as unknown as ExchangeKernel;
    const incoming = { id: `third-${++id}`, method, params, authInfo: undefined, requestInfo: undefined, session: undefined };
    serveRequest(kernel, THIRD_REVISION, incoming, sink);
    return answered.promise;
  }

  it('answers a plain tools/call decorated its way', async () => {
    const answer = await request('tools/call', { name: 'plain', arguments: {} });
    expect(answer.error).to.equal(undefined);
    expect(answer.result).to.deep.include({ servedBy: THIRD_VERSION });
    expect(answer.result?.content).to.deep.equal([{ type: 'text', text: 'plain' }]);
  });

  it('numbers a refusal its way (a method it lacks)', async () => {
    const answer = await request('resources/subscribe', { uri: 'x://y' });
    expect(answer.error?.code).to.equal(-32601 - 1000);
  });

  it('runs a task-capable tool as a task: its own handle, a record that names it, the tool result stored', async () => {
    const answer = await request('tools/call', { name: 'sleepy', arguments: { ms: 5 } });
    expect(answer.error).to.equal(undefined);
    const taskId = answer.result?.thirdTask;
    expect(taskId).to.be.a('string');
    expect(answer.result).to.deep.equal({ thirdTask: taskId, servedBy: THIRD_VERSION });
    let record: Record<string, unknown> | undefined;
    // Bounded: the task sleeps 5 ms; each read is a turn through the kernel.
    for (let attempt = 0; attempt < 200; attempt++) {
      record = (await request('tasks/get', { taskId })).result;
      if (record?.status === 'completed') break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(record).to.deep.include({ taskId, revision: THIRD_VERSION, status: 'completed', toolName: 'sleepy', sessionId: undefined });
    expect(record?.result).to.deep.include({ content: [{ type: 'text', text: 'slept 5' }] });
  });

  it('ends a task the way its outcome says: a tool error fails it, the result kept', async () => {
    const answer = await request('tools/call', { name: 'toolFails', arguments: {} });
    const taskId = answer.result?.thirdTask;
    let record: Record<string, unknown> | undefined;
    for (let attempt = 0; attempt < 200; attempt++) {
      record = (await request('tasks/get', { taskId })).result;
      if (record?.status !== 'working') break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // A tool error is a result: this revision's outcome counts it as failed, with the result kept.
    expect(record).to.deep.include({ revision: THIRD_VERSION, status: 'failed' });
    expect(record?.result).to.deep.include({ isError: true });
  });
});
