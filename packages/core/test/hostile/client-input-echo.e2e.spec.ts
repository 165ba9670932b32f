import { expect } from 'chai';
import * as path from 'node:path';
import { MAX_ECHOED_CHARS } from '../../src/errors/client-text';
import { type ChildMessage, forEachEra, suiteAppChild } from './support/app-child';

const FIXTURE = path.join(__dirname, 'support/hostile-app.fixture.js');
/** An answer repeating a bounded prefix of client input is far below this, whatever the input. */
const MAX_ANSWER_CHARS = 2 * MAX_ECHOED_CHARS + 600;

/**
 * Over a real stdio pipe: `resources/read` checks URI syntax before routing (-32602,
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

    it('repeats at most MAX_ECHOED_CHARS characters of a 5 KB URI (the "…" included), in the message and in data.uri', async () => {
      const uri = `hostile://${'u'.repeat(5 * 1024)}`;
      const { answer, raw } = await ask('resources/read', { uri });
      expect(answer.error?.code).to.equal(era === '2025 session request' ? -32002 : -32602);
      expect(raw.length).to.be.below(MAX_ANSWER_CHARS);
      const shown = (answer.error?.data as { uri: string }).uri;
      expect(shown).to.have.length(MAX_ECHOED_CHARS);
      expect(shown).to.equal(`${uri.slice(0, MAX_ECHOED_CHARS - 1)}…`);
      const bad = await ask('resources/read', { uri: `${uri} x` });
      expect(bad.answer.error?.code).to.equal(-32602);
      const quoted = /"(hostile:[^"]*)"/.exec(bad.answer.error?.message ?? '')?.[1] ?? '';
      expect(quoted).to.have.length(MAX_ECHOED_CHARS);
    });

    it('answers a URI over the default 8192 characters (a 64 KiB one too) with -32602 "URI too long", repeating none of it', async () => {
      for (const uri of [`hostile://${'u'.repeat(8192)}`, `hostile://${'u'.repeat(64 * 1024)}`]) {
        const { answer, raw } = await ask('resources/read', { uri });
        expect(answer.error?.code).to.equal(-32602);
        expect(answer.error?.message).to.contain('URI too long').and.contain('8192');
        expect(raw).not.to.contain('uuuuuuuu');
      }
      const complete = await ask('completion/complete', {
        ref: { type: 'ref/resource', uri: `hostile://${'u'.repeat(64 * 1024)}` },
        argument: { name: 'x', value: '' },
      });
      expect(complete.answer.error?.message).to.contain('URI too long');
    });

    it('answers an empty method with -32600 (an invalid request), not -32601', async () => {
      const { answer } = await ask('', {});
      expect(answer.error?.code).to.equal(-32600);
      expect(answer.error?.message).to.contain('"method" must not be empty');
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

describe('maxUriLength over stdio (real child process, APP_MAX_URI_LENGTH=64)', function () {
  this.timeout(30_000);
  const child = suiteAppChild(FIXTURE, { APP_MAX_URI_LENGTH: '64' });

  forEachEra(child, (era, params) => {
    it('serves a 64-character URI as usual and refuses a 65-character one with -32602 "URI too long"', async () => {
      const fits = `hostile://${'u'.repeat(64 - 'hostile://'.length)}`;
      const within = await child().request('resources/read', params({ uri: fits }), `fits-${era}`);
      expect(within.error?.code).to.equal(era === '2025 session request' ? -32002 : -32602);
      expect(within.error?.data).to.deep.equal({ uri: fits });
      const over = await child().request('resources/read', params({ uri: `${fits}u` }), `over-${era}`);
      expect(over.error?.code).to.equal(-32602);
      expect(over.error?.message).to.contain('URI too long').and.contain('64 characters');
    });
  });
});
