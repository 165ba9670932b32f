import { expect } from 'chai';
import type { Armature } from '@armature/core';
import { serverMessageErrors } from '@armature/testing';
import { fuzzHeaders2026, fuzzMessages, fuzzMessages2026, fuzzSettings, type FuzzMessage } from '@armature/transport-fixtures';
import { createApp2026 } from './support/app-2026';
import { KeepAlivePoster, type PostAnswer } from './support/keep-alive-poster';
import { headersFor2026, meta2026, V2026 } from './support/raw-2026';
import { openSession, sessionHeaders } from './support/raw-http';
import { Opened } from './support/servers';

const { seed: SEED, messages: MESSAGES } = fuzzSettings();

type Revision = '2025-11-25' | typeof V2026;

/**
 * What is wrong with one POST's answer, if anything: every message must be schema-valid for the
 * revision; a body that is still a request with a usable id gets exactly one response, under that
 * id; any other body gets no response under an id (a 202, or an error without one).
 */
function problemOf(message: FuzzMessage, answer: PostAnswer, revision: Revision, headersFuzzed: boolean): string | undefined {
  for (const m of answer.messages) {
    const errors = serverMessageErrors(m, undefined, revision);
    if (errors.length > 0) return `invalid ${revision} message: ${errors.join('; ')}`;
  }
  const responses = answer.messages.filter((m) => m.method === undefined);
  // Headers that send a body without its envelope to the 2025 path (no 2026 version header, an
  // unknown Mcp-Session-Id) are refused at the HTTP level, before any request: 400 or 404 with one
  // JSON-RPC error and no id. Never a response under another id, never two.
  const httpRefusal =
    headersFuzzed &&
    [400, 404].includes(answer.status) &&
    responses.length === 1 &&
    responses[0]!.id === undefined &&
    responses[0]!.error !== undefined;
  if (httpRefusal) return undefined;
  if (message.id !== undefined) {
    if (responses.length !== 1 || responses[0]!.id !== message.id) return `expected one response under ${JSON.stringify(message.id)}`;
  } else if (responses.some((m) => m.id !== undefined)) {
    return 'answered under an id the body does not carry';
  }
  if (![200, 202, 400, 404].includes(answer.status)) return `status ${answer.status}`;
  return undefined;
}

/**
 * The seeded fuzz corpus of the stdio spec (@armature/transport-fixtures'
 * `fuzzMessages`), POSTed over real keep-alive sockets, 16 at a time: on one 2025 session, then
 * as stateless MCP 2026-07-28 requests (the envelope in `_meta`; headers from the request before
 * its edits). No crash or transport error, one schema-valid answer per POST under the id of each
 * body that is still a request, and the server still serves afterwards.
 * Replay: ARMATURE_FUZZ_SEED=<seed> ARMATURE_FUZZ_MESSAGES=<n>.
 */
describe(`seeded fuzz: ${MESSAGES} mutated messages per mode over Streamable HTTP (seed ${SEED})`, function () {
  this.timeout(120_000);
  const opened = new Opened();
  const transportErrors: Error[] = [];
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown): void => void rejections.push(reason);
  let app: Armature;
  let url: string;
  let poster: KeepAlivePoster;

  before(async () => {
    process.on('unhandledRejection', onRejection);
    app = await createApp2026();
    url = (await opened.listen(app, { onError: (error) => transportErrors.push(error) })).url;
    poster = new KeepAlivePoster(url);
  });
  after(async () => {
    process.off('unhandledRejection', onRejection);
    poster.close();
    await opened.closeAll();
    await app.close({ drainMs: 0 });
  });
  afterEach(() => {
    expect(transportErrors.map(String).slice(0, 5), 'transport errors').to.deep.equal([]);
    expect(rejections, 'unhandled rejections').to.deep.equal([]);
  });

  async function fuzz(
    corpus: readonly FuzzMessage[],
    headers: (m: FuzzMessage) => Record<string, string>,
    revision: Revision,
    headersFuzzed = false,
  ): Promise<void> {
    const answers = await poster.postAll(corpus.map((m) => ({ body: m.text, headers: headers(m) })));
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    corpus.forEach((m, i) => {
      const answer = answers[i]!;
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const problem = problemOf(m, answer, revision, headersFuzzed);
      if (problem !== undefined && problems.length < 5)
        problems.push(`${problem}: ${JSON.stringify(m.text)} → ${answer.status} ${answer.body.slice(0, 200)}`);
    });
    expect(problems, `statuses ${JSON.stringify([...statuses])}`).to.deep.equal([]);
    expect(corpus.filter((m) => m.id !== undefined).length, 'bodies that kept their id').to.be.above(MESSAGES / 4);
  }

  it('2025 session POSTs: one answer per request under its id, and the session still serves', async () => {
    const session = await openSession(url);
    await fuzz(fuzzMessages(SEED, MESSAGES), () => sessionHeaders(session), '2025-11-25');
    const after = await poster.post(
      JSON.stringify({ jsonrpc: '2.0', id: 'alive', method: 'tools/call', params: { name: 'echo', arguments: { text: 'alive' } } }),
      sessionHeaders(session),
    );
    expect(after.messages).to.deep.equal([{ jsonrpc: '2.0', id: 'alive', result: { content: [{ type: 'text', text: 'alive' }] } }]);
  });

  /** After a fuzz run: a well-formed 2026-07-28 call is still answered. */
  async function expectStill2026Serving(): Promise<void> {
    const body = {
      jsonrpc: '2.0' as const,
      id: 'alive',
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'alive' }, _meta: meta2026() },
    };
    const after = await poster.post(JSON.stringify(body), headersFor2026(body));
    expect(after.status).to.equal(200);
    expect((after.messages[0]?.result as { content?: unknown } | undefined)?.content).to.deep.equal([{ type: 'text', text: 'alive' }]);
  }

  it('stateless 2026-07-28 POSTs: one answer per request under its id, and the endpoint still serves', async () => {
    await fuzz(fuzzMessages(SEED + 1, MESSAGES, meta2026()), (m) => headersFor2026(m.base), V2026);
    await expectStill2026Serving();
  });

  it('2026-07-28 envelopes, headers (missing, wrong, a stray Mcp-Session-Id), inputResponses and requestStates: one answer each', async () => {
    const seed = SEED + 3;
    const corpus = fuzzMessages2026(seed, MESSAGES, 'ask');
    const indexOf = new Map(corpus.map((m, i) => [m, i]));
    await fuzz(corpus, (m) => fuzzHeaders2026(m, indexOf.get(m)!, seed), V2026, true);
    await expectStill2026Serving();
  });
});
