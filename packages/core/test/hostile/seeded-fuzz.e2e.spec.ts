import { expect } from 'chai';
import * as path from 'node:path';
import { waitUntil } from '../support/wait';
import { expectedAnswers, fuzzMessages, fuzzSettings, idsNotAnsweredOnce } from '@armature/transport-fixtures';
import { AppChild } from './support/app-child';

const FIXTURE = path.join(__dirname, 'support/hostile-app.fixture.js');
const { seed: SEED, messages: MESSAGES } = fuzzSettings();

/**
 * Issue 16: a seeded fuzz of mutated JSON-RPC messages over a real stdio pipe. No crash, no
 * stdout line that is not a schema-valid MCP message, exactly one answer for every line that
 * is still a request with its own id, and the server still serves afterwards.
 * The corpus is @armature/transport-fixtures' `fuzzMessages`, shared with the HTTP and WebSocket
 * fuzz specs. Replay: ARMATURE_FUZZ_SEED=<seed> ARMATURE_FUZZ_MESSAGES=<n>.
 */
describe(`seeded fuzz: ${MESSAGES} mutated messages over stdio (real child process, seed ${SEED})`, function () {
  this.timeout(60_000);

  it('answers every line that is still a request once, under its id, and keeps serving', async () => {
    const child = AppChild.spawn(FIXTURE);
    try {
      await child.initialize();
      const corpus = fuzzMessages(SEED, MESSAGES);
      const expected = expectedAnswers(corpus);
      child.write(`${corpus.map((m) => m.text).join('\n')}\n`);
      const probe = 'after-fuzz';
      child.start('ping', undefined, probe);
      let scanned = 0;
      const answers = new Map<unknown, number>();
      await waitUntil(
        () => {
          for (; scanned < child.messages.length; scanned++) {
            const m = child.messages[scanned]!;
            if (m.method === undefined && m.id !== undefined) answers.set(m.id, (answers.get(m.id) ?? 0) + 1);
          }
          return answers.has(probe);
        },
        'the answer to the ping after the fuzz',
        30_000,
      );
      expect(expected.size, 'requests that kept their id').to.be.above(MESSAGES / 4);
      answers.delete(probe);
      answers.delete('init');
      expect(idsNotAnsweredOnce(expected, answers), 'ids not answered once per request').to.deep.equal([]);
      expect((await child.call('echo', { text: 'alive' }, 'alive')).result?.content?.[0]?.text).to.equal('echo alive');
    } finally {
      const exit = await child.stop();
      expect(exit.code).to.equal(0);
      expect(child.violations.slice(0, 5)).to.deep.equal([]);
    }
  });
});
