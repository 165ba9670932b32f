import { expect } from 'chai';
import * as path from 'node:path';
import { with2026 } from '../kernel/support/peer-2026';
import { type ChildMessage, forEachEra, suiteAppChild } from './support/app-child';

const FIXTURE = path.join(__dirname, 'support/hostile-app.fixture.js');

/**
 * Ids the server cannot echo faithfully, frames refused before parsing that still
 * carry a readable id, and an over-size line, over a real stdio pipe, for 2026 envelope
 * requests (before initialize) and for a 2025 session (after).
 */
describe('request ids and parse-level refusals over stdio (real child process)', function () {
  this.timeout(30_000);
  const child = suiteAppChild(FIXTURE);

  /** The raw stdout lines written after `from`, for checks JSON.parse would blur (rounded ids). */
  function rawLinesSince(from: number): string[] {
    return child().rawLines.slice(from);
  }

  async function idlessErrorAfter(frame: string): Promise<{ message: ChildMessage; raw: string }> {
    const from = child().messages.length;
    const rawFrom = child().rawLines.length;
    child().write(`${frame}\n`);
    const message = await child().next((m) => m.error !== undefined && m.id === undefined, 'an error without id', from);
    const raw = rawLinesSince(rawFrom).find((line) => line.includes('"error"')) ?? '';
    return { message, raw };
  }

  async function stillServing(id: string, params: Record<string, unknown> = {}): Promise<void> {
    expect((await child().request('tools/list', params, id)).result).to.not.equal(undefined);
  }

  forEachEra(child, (era, params) => {
    it('refuses integer ids JSON.parse would round (2^53 + 1, a fraction near 2^52) with -32600 and no id', async () => {
      const p = JSON.stringify(params());
      for (const id of ['9007199254740993', '-9007199254740993', '4503599627370497.5', '1e400']) {
        const { message, raw } = await idlessErrorAfter(`{"jsonrpc":"2.0","id":${id},"method":"tools/list","params":${p}}`);
        expect(message.error?.code, id).to.equal(-32600);
        expect(raw, id).to.not.match(/"id"/);
      }
      // The largest exact integer is an ordinary id.
      const from = child().rawLines.length;
      const messagesFrom = child().messages.length;
      child().write(`{"jsonrpc":"2.0","id":9007199254740991,"method":"tools/list","params":${p}}\n`);
      await child().next((m) => m.id === 9007199254740991, 'the answer to 2^53 - 1', messagesFrom);
      expect(rawLinesSince(from).some((line) => line.includes('"id":9007199254740991'))).to.equal(true);
      await stillServing(`after-big-ids-${era}`, params());
    });

    it('refuses a string id over 256 characters without echoing it; 256 characters are served', async () => {
      const long = 'i'.repeat(257);
      const { message, raw } = await idlessErrorAfter(JSON.stringify({ jsonrpc: '2.0', id: long, method: 'tools/list', params: params() }));
      expect(message.error?.code).to.equal(-32600);
      expect(message.error?.message).to.contain('256');
      expect(raw).to.not.contain('iiii');
      const fine = 'j'.repeat(256);
      expect((await child().request('tools/list', params(), fine)).result).to.not.equal(undefined);
    });

    it('keeps a readable id when params nest 100 deep (-32600 with the id)', async () => {
      const deep = `${'{"a":'.repeat(100)}1${'}'.repeat(100)}`;
      child().write(`{"jsonrpc":"2.0","id":"deep-${era}","method":"tools/call","params":${deep}}\n`);
      const answer = await child().responseTo(`deep-${era}`);
      expect(answer.error?.code).to.equal(-32600);
      expect(answer.error?.message).to.contain('nesting');
      const id = era === '2026 envelope request' ? 77 : 78;
      child().write(`{"params":${deep},"jsonrpc":"2.0","id":${id}}\n`);
      expect((await child().responseTo(id)).error?.code).to.equal(-32600);
    });
  });

  it('answers an 11 MiB line with one -32700 (a parse-level refusal), then keeps serving', async () => {
    const from = child().messages.length;
    const big = JSON.stringify({
      jsonrpc: '2.0',
      id: 'huge',
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'x'.repeat(11 * 1024 * 1024) } },
    });
    for (let i = 0; i < big.length; i += 1024 * 1024) child().write(big.slice(i, i + 1024 * 1024));
    child().write('\n');
    await stillServing('after-huge', with2026());
    const errors = child()
      .messages.slice(from)
      .filter((m) => m.error !== undefined);
    expect(errors.map((m) => [m.error?.code, m.id])).to.deep.equal([[-32700, undefined]]);
  });
});
