import { expect } from 'chai';
import * as path from 'node:path';
import { waitUntil } from '../support/wait';
import {
  expectedAnswers,
  fuzzMessages,
  fuzzMessages2026,
  fuzzSettings,
  idsNotAnsweredOnce,
  type FuzzMessage,
} from '@armature/transport-fixtures';
import { with2026 } from '../kernel/support/peer-2026';
import { checkServerMessage } from '@armature/testing';
import { AppChild } from './support/app-child';

const FIXTURE = path.join(__dirname, 'support/hostile-app.fixture.js');
const { seed: SEED, messages: MESSAGES } = fuzzSettings();

/**
 * A seeded fuzz of mutated JSON-RPC messages over a real stdio pipe. No crash, no
 * stdout line that is not a schema-valid MCP message, exactly one answer for every line that
 * is still a request with its own id, and the server still serves afterwards.
 * The corpus is @armature/transport-fixtures' `fuzzMessages`, shared with the HTTP and WebSocket
 * fuzz specs. Replay: ARMATURE_FUZZ_SEED=<seed> ARMATURE_FUZZ_MESSAGES=<n>.
 */
describe(`seeded fuzz: ${MESSAGES} mutated messages over stdio (real child process, seed ${SEED})`, function () {
  this.timeout(60_000);

  /** Writes `corpus` at once, then a probe; checks one answer per id that is still a request, and returns the child. */
  async function fuzz(child: AppChild, corpus: readonly FuzzMessage[], skip: readonly string[]): Promise<void> {
    const expected = expectedAnswers(corpus);
    child.write(`${corpus.map((m) => m.text).join('\n')}\n`);
    const probe = 'after-fuzz';
    child.start('ping', undefined, probe);
    const total = [...expected.values()].reduce((sum, n) => sum + n, 0);
    let scanned = 0;
    let answered = 0;
    const answers = new Map<unknown, number>();
    // Until the probe and every expected answer arrived (asynchronous answers may follow the probe's;
    // more answers than expected show as a mismatch below), bounded.
    await waitUntil(
      () => {
        for (; scanned < child.messages.length; scanned++) {
          const m = child.messages[scanned]!;
          if (m.method === undefined && m.id !== undefined) {
            answers.set(m.id, (answers.get(m.id) ?? 0) + 1);
            answered++;
          }
        }
        return answers.has(probe) && answered - skip.length - 1 >= total;
      },
      'the answers to the fuzz and to the ping after it',
      30_000,
    );
    expect(expected.size, 'requests that kept their id').to.be.above(MESSAGES / 4);
    answers.delete(probe);
    for (const id of skip) answers.delete(id);
    expect(idsNotAnsweredOnce(expected, answers), 'ids not answered once per request').to.deep.equal([]);
    // Each answer against the request it answers (its revision and method; an edit can give two
    // requests one id, so any request with its id will do).
    const requests = new Map<unknown, unknown[]>();
    for (const m of corpus) if (m.id !== undefined) requests.set(m.id, [...(requests.get(m.id) ?? []), JSON.parse(m.text) as unknown]);
    const invalid = child.messages.filter(
      (m) =>
        m.method === undefined && requests.has(m.id) && !requests.get(m.id)!.some((request) => checkServerMessage(m, request).length === 0),
    );
    expect(invalid.slice(0, 3), "answers their request's revision rejects").to.deep.equal([]);
  }

  it('answers every line that is still a request once, under its id, and keeps serving', async () => {
    const child = AppChild.spawn(FIXTURE);
    try {
      await child.initialize();
      await fuzz(child, fuzzMessages(SEED, MESSAGES), ['init']);
      expect((await child.call('echo', { text: 'alive' }, 'alive')).result?.content?.[0]?.text).to.equal('echo alive');
    } finally {
      const exit = await child.stop();
      expect(exit.code).to.equal(0);
      expect(child.violations.slice(0, 5)).to.deep.equal([]);
    }
  });

  it('2026-07-28 envelopes (versions, capabilities, client info), inputResponses and requestStates on a connection that never initialized', async () => {
    const child = AppChild.spawn(FIXTURE);
    try {
      await fuzz(child, fuzzMessages2026(SEED + 3, MESSAGES, 'ask'), []);
      const alive = await child.request('tools/call', with2026({ name: 'echo', arguments: { text: 'alive' } }), 'alive');
      expect(alive.result?.content?.[0]?.text).to.equal('echo alive');
    } finally {
      const exit = await child.stop();
      expect(exit.code).to.equal(0);
      // Every answer is checked against the schema of its request's revision (see StdioProcess).
      expect(child.violations.slice(0, 5)).to.deep.equal([]);
    }
  });
});
