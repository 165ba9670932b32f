import { expect } from 'chai';
import * as path from 'node:path';
import { with2026 } from '../kernel/support/peer-2026';
import { waitUntil } from '../support/wait';
import { AppChild } from './support/app-child';

const FIXTURE = path.join(__dirname, 'support/hostile-app.fixture.js');
const BURST = 2000;

/** Waits (bounded) until `child` has answered every one of `ids`; cheap per poll, so the child is never starved of a reader. */
async function allAnswered(child: AppChild, ids: readonly (string | number)[]): Promise<void> {
  const wanted = new Set<unknown>(ids);
  let seen = 0;
  let scanned = 0;
  await waitUntil(
    () => {
      for (; scanned < child.messages.length; scanned++) {
        const m = child.messages[scanned];
        if (m !== undefined && m.method === undefined && wanted.delete(m.id)) seen++;
      }
      return seen === ids.length;
    },
    `an answer to each of ${ids.length} calls`,
    20_000,
  );
}

function frames(
  ids: readonly (string | number)[],
  name: string,
  params: (p: Record<string, unknown>) => Record<string, unknown> = (p) => p,
): string {
  return `${ids.map((id) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: params({ name, arguments: {} }) })).join('\n')}\n`;
}

/**
 * A burst of 2,000 tool calls from one client over a real stdio pipe. The default
 * in-flight limit (100) and a configured rate limit hold, every request gets exactly one
 * answer with its own id, and the server keeps serving.
 */
describe('2,000-call bursts against the default limits over stdio (real child process)', function () {
  this.timeout(60_000);
  const children: AppChild[] = [];

  function spawn(env: Record<string, string>): AppChild {
    const child = AppChild.spawn(FIXTURE, env);
    children.push(child);
    return child;
  }

  afterEach(async () => {
    for (const child of children.splice(0)) {
      expect((await child.stop()).code).to.equal(0);
      expect(child.violations).to.deep.equal([]);
    }
  });

  it('2025 session: 100 run at once (each ends -32001 at its deadline), 1,900 are refused -32004 at once', async () => {
    const child = spawn({ APP_TIMEOUT_MS: '500' });
    await child.initialize();
    const ids = Array.from({ length: BURST }, (_, i) => i + 1);
    child.write(frames(ids, 'until_aborted'));
    await allAnswered(child, ids);
    const codes = new Map<number, number>();
    for (const id of ids) {
      const answers = child.responsesTo(id);
      expect(answers, `answers to #${id}`).to.have.length(1);
      const code = answers[0]?.error?.code ?? 0;
      codes.set(code, (codes.get(code) ?? 0) + 1);
    }
    expect(Object.fromEntries(codes)).to.deep.equal({ '-32001': 100, '-32004': 1900 });
    const refusal = child.responsesTo(BURST)[0]?.error;
    expect(refusal?.message).to.contain('at most 100');
    expect(refusal?.data).to.deep.equal({ maxInflightRequests: 100 });
    expect((await child.call('echo', { text: 'still here' }, 'after')).result?.content?.[0]?.text).to.equal('echo still here');
  });

  it('2026 requests on one connection get the same limit; maxInflightRequests changes it', async () => {
    const child = spawn({ APP_TIMEOUT_MS: '500', APP_MAX_INFLIGHT: '250' });
    const ids = Array.from({ length: BURST }, (_, i) => `r${i}`);
    child.write(frames(ids, 'until_aborted', with2026));
    await allAnswered(child, ids);
    let refused = 0;
    let ran = 0;
    for (const id of ids) {
      const answers = child.responsesTo(id);
      expect(answers, `answers to #${id}`).to.have.length(1);
      if (answers[0]?.error?.code === -32004) refused++;
      else ran++;
    }
    expect([ran, refused]).to.deep.equal([250, 1750]);
  });

  it('a configured rate limit holds for a burst of 2,000 quick calls: each answered once, the budget spent exactly', async () => {
    const child = spawn({ APP_RATE_LIMIT: '50' });
    await child.initialize();
    const ids = Array.from({ length: BURST }, (_, i) => i + 1);
    child.write(frames(ids, 'echo'));
    await allAnswered(child, ids);
    let limited = 0;
    for (const id of ids) {
      const answers = child.responsesTo(id);
      expect(answers, `answers to #${id}`).to.have.length(1);
      if (answers[0]?.result?.isError === true) limited++;
    }
    // The bucket refills continuously (50 a minute): a slow machine may earn one or two more.
    expect(BURST - limited).to.be.within(50, 53);
    const limitedAnswer = child.responsesTo(BURST)[0]?.result;
    expect(limitedAnswer?.content?.[0]?.text).to.match(/rate limit/i);
  });
});
