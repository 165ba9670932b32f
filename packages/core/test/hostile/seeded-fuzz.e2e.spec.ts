import { expect } from 'chai';
import * as path from 'node:path';
import { waitUntil } from '../support/wait';
import { AppChild } from './support/app-child';

const FIXTURE = path.join(__dirname, 'support/hostile-app.fixture.js');
const MESSAGES = Number(process.env.ARMATURE_FUZZ_MESSAGES ?? 20_000);
const SEED = Number(process.env.ARMATURE_FUZZ_SEED ?? 0x16_2026);

/** mulberry32: a small seeded PRNG, so a failing run can be replayed from its seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = '{}[]":,\\ 0123456789-.eEtruefalsnl\u0000\u001f\u00e9\u2028abcxyz';

/** One valid request with id `f<n>`, then a few random edits of its text (never a line break). */
function mutated(n: number, random: () => number): string {
  const base = [
    { jsonrpc: '2.0', id: `f${n}`, method: 'tools/call', params: { name: 'echo', arguments: { text: `t${n}` } } },
    { jsonrpc: '2.0', id: `f${n}`, method: 'tools/list' },
    { jsonrpc: '2.0', id: `f${n}`, method: 'ping' },
    { jsonrpc: '2.0', id: `f${n}`, method: 'resources/read', params: { uri: 'hostile://missing' } },
  ][Math.floor(random() * 4)];
  let text = JSON.stringify(base);
  const edits = Math.floor(random() * 4);
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(random() * text.length);
    const kind = random();
    const char = ALPHABET[Math.floor(random() * ALPHABET.length)] ?? 'x';
    if (kind < 0.4) text = text.slice(0, at) + text.slice(at + 1);
    else if (kind < 0.8) text = text.slice(0, at) + char + text.slice(at);
    else text = text.slice(0, at) + char + text.slice(at + 1);
  }
  return text;
}

/**
 * The id a line must be answered under, if any: a JSON object with a usable id (a string or a
 * safe integer) that is a request or no message at all (a response is never answered).
 * Mutations can give two lines one id (`f170` → `f17`), so answers are counted per id.
 */
function answeredId(line: string): string | number | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const m = value as { id?: unknown; method?: unknown; result?: unknown; error?: unknown };
  const id = m.id;
  if (!((typeof id === 'string' && id.length <= 256) || (typeof id === 'number' && Number.isSafeInteger(id)))) return undefined;
  return m.method !== undefined || (m.result === undefined && m.error === undefined) ? id : undefined;
}

/**
 * Issue 16: a seeded fuzz of mutated JSON-RPC messages over a real stdio pipe. No crash, no
 * stdout line that is not a schema-valid MCP message, exactly one answer for every line that
 * is still a request with its own id, and the server still serves afterwards.
 * Replay: ARMATURE_FUZZ_SEED=<seed> ARMATURE_FUZZ_MESSAGES=<n>.
 */
describe(`seeded fuzz: ${MESSAGES} mutated messages over stdio (real child process, seed ${SEED})`, function () {
  this.timeout(60_000);

  it('answers every line that is still a request once, under its id, and keeps serving', async () => {
    const child = AppChild.spawn(FIXTURE);
    try {
      await child.initialize();
      const random = prng(SEED);
      const lines: string[] = [];
      const expected = new Map<unknown, number>();
      for (let n = 0; n < MESSAGES; n++) {
        const line = mutated(n, random);
        lines.push(line);
        const id = answeredId(line);
        if (id !== undefined) expected.set(id, (expected.get(id) ?? 0) + 1);
      }
      child.write(`${lines.join('\n')}\n`);
      const probe = 'after-fuzz';
      child.start('ping', undefined, probe);
      let scanned = 0;
      const answers = new Map<unknown, number>();
      await waitUntil(() => {
        for (; scanned < child.messages.length; scanned++) {
          const m = child.messages[scanned]!;
          if (m.method === undefined && m.id !== undefined) answers.set(m.id, (answers.get(m.id) ?? 0) + 1);
        }
        return answers.has(probe);
      }, 'the answer to the ping after the fuzz', 30_000);
      expect(expected.size, 'requests that kept their id').to.be.above(MESSAGES / 4);
      answers.delete(probe);
      answers.delete('init');
      const wrong = [...new Set([...expected.keys(), ...answers.keys()])].filter((id) => answers.get(id) !== expected.get(id));
      expect(wrong.slice(0, 5).map((id) => [id, expected.get(id), answers.get(id)]), 'ids not answered once per request').to.deep.equal([]);
      expect((await child.call('echo', { text: 'alive' }, 'alive')).result?.content?.[0]?.text).to.equal('echo alive');
    } finally {
      const exit = await child.stop();
      expect(exit.code).to.equal(0);
      expect(child.violations.slice(0, 5)).to.deep.equal([]);
    }
  });
});
