import { expect } from 'chai';
import { until, within } from './bounded';
import {
  CLIENT_KINDS,
  connectScenarioClient,
  type ClientKind,
  type ElicitAnswer,
  type ElicitQuestion,
  type ResourceReadResult,
  type ScenarioClient,
  type ScenarioEndpoint,
  type ToolCallResult,
} from './scenario-clients';

/** The server under test, started once per test. */
export interface ServedServer {
  readonly endpoint: ScenarioEndpoint;
  /**
   * The app's live sessions and `subscriptions/listen` streams (`app.sessionCount`), when the
   * app runs in the test process; the scenario then checks that a closed stream is dropped.
   */
  readonly sessionCount?: () => number;
  /** A graceful shutdown, as on SIGTERM (`app.close()`), for a server the test process runs; stdio servers get SIGTERM. */
  shutdown?(): Promise<void>;
  /** Stops the server and frees what it holds, whatever state it is in. */
  close(): Promise<void>;
}

/** A tool call the scenario makes. */
export interface ScenarioCall {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

/**
 * What the server under test offers and how to drive it: the scenario checks the clients,
 * the transport and the revision; these say what the server's own answers must be.
 */
export interface RevisionScenarioTarget {
  /** `serverInfo.name`. */
  readonly serverName: string;
  /** Capabilities the server must declare (`tools`, `resources`…). */
  readonly capabilities: readonly string[];
  /** Tools `tools/list` must include. */
  readonly tools: readonly string[];
  /** A tool with an output schema; `check` inspects its `structuredContent`. */
  readonly structuredCall: ScenarioCall & { check(structured: Record<string, unknown>): void };
  /** Arguments that break a tool's input schema, and what the `isError` result's text must say. */
  readonly invalidCall?: ScenarioCall & { check(text: string): void };
  /** A resource to read, and a URI that names no resource. */
  readonly read: { readonly uri: string; check(result: ResourceReadResult): void; readonly missingUri: string };
  /** A prompt to get, if the server has one. */
  readonly prompt?: { readonly name: string; readonly arguments: Record<string, string>; check(messages: readonly unknown[]): void };
  /** A tool that reports progress, if the server has one. */
  readonly progress?: ScenarioCall;
  /** A tool that asks the user through a form elicitation, then acts on the answer. */
  readonly elicitation: {
    /** Sets up the call (say, creates what the tool will ask about) and returns it. */
    prepare(client: ScenarioClient): Promise<ScenarioCall>;
    /** The answers to give, in turn (the same call each time), each with a check of what the tool did with it. */
    readonly answers: readonly { readonly answer: ElicitAnswer; check(result: ToolCallResult, client: ScenarioClient): Promise<void> }[];
  };
  /** A resource a tool changes: the watch scenario follows `uri` and runs `change`. */
  readonly updates: { readonly uri: string; change(client: ScenarioClient): Promise<void> };
}

/** How the scenario reaches the server. */
export interface RevisionScenarioServer {
  /** `stdio`: each client spawns its own server process; `http`: `start` serves an app on a URL. */
  readonly transport: 'stdio' | 'http';
  /** Starts the server for one test. */
  start(): Promise<ServedServer>;
}

const WAIT_MS = 5000;

function errorOf(promise: Promise<unknown>): Promise<{ code?: unknown; data?: unknown }> {
  return promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (error: unknown) => error as { code?: unknown; data?: unknown },
  );
}

function methodOf(message: unknown): string | undefined {
  const method = (message as { method?: unknown }).method;
  return typeof method === 'string' ? method : undefined;
}

/**
 * Registers (in the caller's `describe`) the scenario every official SDK client must pass
 * against an Armature server over the transport under test: the SDK v1 client (MCP 2025-11-25),
 * and the SDK v2 client pinned to 2026-07-28 and in auto mode (which must end up on 2026-07-28
 * too). Each client kind gets a `describe` of its own; each test connects a fresh client, taps
 * its transport and fails on any server message that does not validate against the schema of
 * its revision. Load it only from a mocha run.
 */
export function revisionClientScenario(
  server: RevisionScenarioServer,
  target: RevisionScenarioTarget,
  kinds: readonly ClientKind[] = ['sdk-v1', 'sdk-v2-pinned', 'sdk-v2-auto'],
): void {
  for (const kind of kinds) {
    const { title, revision } = CLIENT_KINDS[kind];
    const modern = revision === '2026-07-28';

    describe(title, () => {
      let served: ServedServer | undefined;
      let client: ScenarioClient | undefined;

      /** The connected client of the running test. */
      function current(): ScenarioClient {
        if (client === undefined) throw new Error('no client is connected');
        return client;
      }

      /** A test that also fails when the server sent anything invalid during it. */
      function scenario(title: string, body: (this: Mocha.Context) => Promise<void> | void): void {
        it(title, async function () {
          await body.call(this);
          current().wire.assertClean();
        });
      }

      beforeEach(async function () {
        this.timeout(30_000);
        served = await server.start();
        client = await connectScenarioClient(kind, served.endpoint);
      });

      afterEach(async function () {
        this.timeout(30_000);
        // Each step tolerates an earlier failure, so a broken start reports once; then the wire must be clean.
        const wire = client?.wire;
        try {
          await client?.close();
        } finally {
          client = undefined;
          await served?.close();
          served = undefined;
        }
        wire?.assertClean();
      });

      scenario(
        modern ? 'connects with server/discover, no initialize, and speaks 2026-07-28' : 'connects with initialize and speaks 2025-11-25',
        () => {
          const c = current();
          expect(c.negotiatedVersion()).to.equal(revision);
          expect(c.serverName()).to.equal(target.serverName);
          expect(c.serverCapabilities()).to.include.keys(...target.capabilities);
          const methods = c.wire.sent.map(methodOf).filter((m) => m !== undefined);
          if (modern) {
            expect(c.era()).to.equal('modern');
            expect(methods[0]).to.equal('server/discover');
            expect(methods).to.not.include('initialize');
            const [discover] = c.wire.sentRequests('server/discover');
            expect(c.wire.responseTo(discover!.id)?.result?.supportedVersions).to.include('2026-07-28');
          } else {
            expect(methods.slice(0, 2)).to.deep.equal(['initialize', 'notifications/initialized']);
            expect(methods).to.not.include('server/discover');
          }
          if (server.transport === 'stdio') {
            // The v2 client probes on a throwaway sibling process, which it must have reaped by now.
            const roles = c.spawned.map((s) => s.role);
            expect(roles).to.deep.equal(modern ? ['probe', 'session'] : ['session']);
          }
        },
      );

      scenario('lists tools and calls one with structured output', async () => {
        const c = current();
        expect(await within(c.listToolNames(), 'tools/list')).to.include.members([...target.tools]);
        const { name, arguments: args, check } = target.structuredCall;
        const result = await within(c.callTool(name, args), name);
        expect(result.isError).to.not.equal(true);
        expect(result.structuredContent, 'structuredContent').to.be.an('object');
        check(result.structuredContent!);
      });

      if (target.invalidCall !== undefined) {
        const invalid = target.invalidCall;
        scenario('calls a tool with invalid arguments: an isError result naming them', async () => {
          const result = await within(current().callTool(invalid.name, invalid.arguments), invalid.name);
          expect(result.isError).to.equal(true);
          invalid.check(
            result.content
              .map((part) => ((part as { type?: unknown }).type === 'text' ? String((part as { text?: unknown }).text) : ''))
              .join('\n'),
          );
        });
      }

      scenario(`reads a resource; a missing one is ${modern ? '-32602 with data.uri' : '-32002'}`, async () => {
        const c = current();
        target.read.check(await within(c.readResource(target.read.uri), 'resources/read'));
        const missing = await within(errorOf(c.readResource(target.read.missingUri)), 'the missing resource');
        expect(missing.code).to.equal(modern ? -32602 : -32002);
        expect(missing.data).to.deep.include({ uri: target.read.missingUri });
      });

      if (target.prompt !== undefined) {
        const prompt = target.prompt;
        scenario('gets a prompt', async () => {
          prompt.check((await within(current().getPrompt(prompt.name, prompt.arguments), 'prompts/get')).messages);
        });
      }

      if (target.progress !== undefined) {
        const call = target.progress;
        scenario(
          `receives progress and logs (asked for ${modern ? 'in the request _meta' : 'with logging/setLevel'}) before the result`,
          async () => {
            const c = current();
            const progress: number[] = [];
            const sentFrom = c.wire.sent.length;
            const from = c.wire.received.length;
            const result = await within(
              c.callTool(call.name, call.arguments, { onprogress: (p) => void progress.push(p.progress), logLevel: 'debug' }),
              call.name,
            );
            expect(result.isError).to.not.equal(true);
            // On the wire, every notification of the call arrives before its result, progress with the request's token.
            const [request] = c.wire.sentRequests('tools/call', sentFrom);
            const token = (request?.params?._meta as { progressToken?: unknown } | undefined)?.progressToken;
            expect(token, 'the progressToken the client sent').to.not.equal(undefined);
            const received = c.wire.received.slice(from);
            const answeredAt = received.findIndex((m) => methodOf(m) === undefined && (m as { id?: unknown }).id === request?.id);
            expect(answeredAt, 'the result').to.be.at.least(0);
            const before = received.slice(0, answeredAt) as { method?: string; params?: { progressToken?: unknown; progress?: number } }[];
            const reported = before
              .filter((m) => m.method === 'notifications/progress')
              .map((m) => [m.params?.progressToken, m.params?.progress]);
            expect(reported.length, 'progress notifications').to.be.greaterThan(0);
            expect(reported.every(([t]) => t === token)).to.equal(true);
            expect(before.map((m) => m.method)).to.include('notifications/message');
            expect(received.slice(answeredAt + 1)).to.deep.equal([]);
            // What reached onprogress is not asserted: both SDK clients (1.32, 2.4) run notification
            // handlers a microtask after parsing them but settle a response at once, dropping its
            // progress handler, so progress read in the same chunk as the result (stdio) is lost.
            expect(reported.map(([, p]) => p)).to.include.members(progress);
            // Without a level, a 2026-07-28 request gets no logs at all.
            if (modern) {
              const quiet = c.wire.received.length;
              await within(c.callTool(call.name, call.arguments), call.name);
              expect(c.wire.received.slice(quiet).map(methodOf)).to.not.include('notifications/message');
            }
          },
        );
      }

      scenario(
        modern
          ? 'elicits in form mode: input_required with a sealed requestState, then a retry carrying it and the answer'
          : 'elicits in form mode: an elicitation/create request during the call',
        async function () {
          this.timeout(30_000);
          const c = current();
          const questions: ElicitQuestion[] = [];
          let answer: ElicitAnswer = { action: 'decline' };
          c.answerElicitations((question) => {
            questions.push(question);
            return answer;
          });
          const call = await target.elicitation.prepare(c);
          for (const step of target.elicitation.answers) {
            answer = step.answer;
            const sentFrom = c.wire.sent.length;
            const receivedFrom = c.wire.received.length;
            const asked = questions.length;
            const result = await within(c.callTool(call.name, call.arguments), `${call.name} answered with ${step.answer.action}`, 10_000);
            expect(questions, 'questions asked').to.have.length(asked + 1);
            expect(questions[asked]).to.deep.include({ mode: 'form' });
            await step.check(result, c);

            const calls = c.wire.sentRequests('tools/call', sentFrom);
            if (modern) {
              // On the wire: the first attempt ends with input_required; the retry echoes the state with the answer.
              expect(calls, 'tools/call attempts').to.have.length(2);
              const [first, retry] = calls as [(typeof calls)[0], (typeof calls)[0]];
              expect(first.params).to.not.have.any.keys('requestState', 'inputResponses');
              const required = c.wire.responseTo(first.id)?.result;
              expect(required).to.deep.include({ resultType: 'input_required' });
              const requests = required!.inputRequests as Record<string, { method: string; params: ElicitQuestion }>;
              const keys = Object.keys(requests);
              expect(keys).to.have.length(1);
              expect(requests[keys[0]!]).to.deep.include({ method: 'elicitation/create' });
              expect(requests[keys[0]!]!.params).to.deep.include({ mode: 'form', message: questions[asked]!.message });
              expect(required!.requestState).to.be.a('string').and.not.equal('');
              expect(retry.params?.requestState).to.equal(required!.requestState);
              expect((retry.params?.inputResponses as Record<string, unknown>)[keys[0]!]).to.deep.include({ action: step.answer.action });
              expect(c.wire.responseTo(retry.id)?.result).to.deep.include({ resultType: 'complete' });
              // 2026-07-28 has no server→client requests.
              expect(
                c.wire.received.slice(receivedFrom).filter((m) => methodOf(m) !== undefined && (m as { id?: unknown }).id !== undefined),
              ).to.deep.equal([]);
            } else {
              expect(calls, 'tools/call requests').to.have.length(1);
              const elicit = c.wire.received.slice(receivedFrom).filter((m) => methodOf(m) === 'elicitation/create') as {
                id: string | number;
              }[];
              expect(elicit, 'elicitation/create requests').to.have.length(1);
              const reply = c.wire.sent
                .slice(sentFrom)
                .find((m) => methodOf(m) === undefined && (m as { id?: unknown }).id === elicit[0]!.id);
              expect(reply).to.have.nested.property('result.action', step.answer.action);
            }
          }
        },
      );

      scenario(
        modern
          ? 'listens: subscriptions/listen receives resources/updated tagged with its id, and the server drops it once closed'
          : 'subscribes: resources/subscribe receives resources/updated, until unsubscribed',
        async function () {
          this.timeout(30_000);
          const c = current();
          const { uri, change } = target.updates;
          const baseline = served?.sessionCount?.();
          const watch = await within(c.watch(uri), modern ? 'subscriptions/listen to be acknowledged' : 'resources/subscribe');
          expect(watch.honoured).to.deep.equal([uri]);
          if (modern) {
            expect(watch.subscriptionId).to.be.a('string');
            const [ack] = c.wire.messagesWithMethod('notifications/subscriptions/acknowledged') as {
              params?: { _meta?: Record<string, unknown> };
            }[];
            expect(ack?.params?._meta).to.deep.include({ 'io.modelcontextprotocol/subscriptionId': watch.subscriptionId });
            if (baseline !== undefined)
              await until(() => served!.sessionCount!() === baseline + 1, 'the server to register the listen stream', WAIT_MS);
          }
          await change(c);
          await until(() => watch.updates.length > 0, 'resources/updated', WAIT_MS);
          expect(watch.updates).to.deep.equal([modern ? { uri, subscriptionId: watch.subscriptionId } : { uri }]);

          await within(watch.close(), 'the watch to close');
          if (modern) {
            expect(await within(watch.closed!, 'the listen stream to end')).to.equal('local');
            if (baseline !== undefined)
              await until(() => served!.sessionCount!() === baseline, 'the server to drop the listen stream', WAIT_MS);
          }
          // Nothing more for this client: over stdio the pipe keeps order, so an update the server
          // still sent would arrive before the answer to the change that caused it.
          const from = c.wire.received.length;
          await change(c);
          expect(c.wire.received.slice(from).filter((m) => methodOf(m) === 'notifications/resources/updated')).to.deep.equal([]);
          expect(watch.updates).to.have.length(1);
        },
      );

      if (modern) {
        // A listen stream holds no work: a graceful shutdown ends it with its result at once.
        it('a graceful server shutdown ends an open listen stream with its result, at once', async function () {
          this.timeout(30_000);
          const c = current();
          const watch = await within(c.watch(target.updates.uri), 'subscriptions/listen to be acknowledged');
          let stopping: Promise<unknown>;
          if (server.transport === 'stdio') {
            const session = c.spawned.find((s) => s.role === 'session');
            session!.kill('SIGTERM');
            stopping = session!.exit;
          } else {
            expect(served?.shutdown, 'ServedServer.shutdown').to.be.a('function');
            stopping = served!.shutdown!();
          }
          expect(await within(watch.closed!, 'the listen stream to end', 2000)).to.equal('graceful');
          await within(stopping, 'the server to stop', 2000);
        });
      }

      if (server.transport === 'stdio') {
        scenario('ends the server process (exit 0) when the client closes', async () => {
          const c = current();
          const session = c.spawned.find((s) => s.role === 'session');
          expect(session, 'the session process').to.not.equal(undefined);
          await c.close();
          expect(await within(session!.exit, 'the server process to exit')).to.deep.equal({ code: 0, signal: null });
        });
      }
    });
  }
}
