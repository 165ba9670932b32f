import { expect } from 'chai';
import * as path from 'node:path';
import { MAX_ECHOED_CHARS } from '../../src/errors/client-text';
import { type ChildMessage, forEachEra, suiteAppChild } from './support/app-child';

const FIXTURE = path.join(__dirname, 'support/hostile-app.fixture.js');
/** An answer repeating a bounded prefix of client input is far below this, whatever the input. */
const MAX_ANSWER_CHARS = 2 * MAX_ECHOED_CHARS + 600;

/**
 * Issue 16 over a real stdio pipe: `resources/read` checks URI syntax before routing (-32602,
 * not -32002), and no error answer repeats more than a bounded, escaped prefix of what the
 * client sent (URIs, tool, prompt and method names, prompt argument keys), on 2025 and 2026.
 */
describe('resources/read URI syntax and bounded echoes over stdio (real child process)', function () {
  this.timeout(30_000);
  const child = suiteAppChild(FIXTURE);
  let next = 0;

  forEachEra(child, (era, params) => {
    /** Sends a request; returns its answer and the raw line it came on. */
    async function ask(method: string, p: Record<string, unknown>): Promise<{ answer: ChildMessage; raw: string }> {
      const id = `q-${++next}`;
      const answer = await child().request(method, params(p), id);
      const raw = child().rawLines.find((line) => line.includes(`"id":"${id}"`)) ?? '';
      return { answer, raw };
    }

    it('refuses an empty, space-containing, scheme-less or control-character URI with -32602', async () => {
      for (const uri of ['', ' ', 'hostile://a b', 'no-scheme', 'hostile://tab\there', '\u0000']) {
        const { answer } = await ask('resources/read', { uri });
        expect(answer.error?.code, JSON.stringify(uri)).to.equal(-32602);
        expect(answer.error?.message, JSON.stringify(uri)).to.contain('absolute URI');
      }
    });

    it('a well-formed URI that names nothing is still "not found" (2025: -32002, 2026: -32602), with data.uri', async () => {
      const { answer } = await ask('resources/read', { uri: 'hostile://missing' });
      expect(answer.error?.code).to.equal(era === '2025 session request' ? -32002 : -32602);
      expect(answer.error?.data).to.deep.equal({ uri: 'hostile://missing' });
    });

    it('repeats at most a bounded prefix of a 10 KB and a 70 KB URI, in the message and in data.uri', async () => {
      for (const size of [10 * 1024, 70 * 1024]) {
        const uri = `hostile://${'u'.repeat(size)}`;
        const { answer, raw } = await ask('resources/read', { uri });
        expect(answer.error?.code).to.be.oneOf([-32002, -32602]);
        expect(raw.length, `answer to a ${size}-byte URI`).to.be.below(MAX_ANSWER_CHARS);
        const shown = (answer.error?.data as { uri: string }).uri;
        expect(shown.length).to.equal(MAX_ECHOED_CHARS + 1);
        expect(shown.endsWith('…')).to.equal(true);
        const bad = await ask('resources/read', { uri: `${uri} x` });
        expect(bad.answer.error?.code).to.equal(-32602);
        expect(bad.raw.length).to.be.below(MAX_ANSWER_CHARS);
      }
    });

    it('repeats at most a bounded prefix of 70 KB tool, prompt and method names and prompt argument keys', async () => {
      const huge = 'n'.repeat(70 * 1024);
      const cases: [string, Record<string, unknown>][] = [
        ['tools/call', { name: huge, arguments: {} }],
        ['prompts/get', { name: huge }],
        ['prompts/get', { name: 'brief', arguments: { [huge]: 1 } }],
        [`x/${huge}`, {}],
      ];
      for (const [method, p] of cases) {
        const { answer, raw } = await ask(method, p);
        expect(answer.error?.code, method.slice(0, 20)).to.be.oneOf([-32601, -32602]);
        expect(raw.length, method.slice(0, 20)).to.be.below(MAX_ANSWER_CHARS);
      }
    });
  });
});
