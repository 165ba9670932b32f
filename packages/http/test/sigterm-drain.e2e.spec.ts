import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { INITIALIZE, post } from './support/raw-http';
import { SlowAppChild } from './support/slow-app-child';

const CALLS = 50;
const SHUTTING_DOWN = 'SIGTERM: shutting down gracefully';

/** Outcome of one call: its result text, or `error <code>`. */
type Outcome = string;

function tally(outcomes: readonly Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;
  return counts;
}

/**
 * SIGTERM with 50 slow calls in flight (each streaming progress), against an app
 * served by `app.listen()` in a real child process, over stdio and over Streamable HTTP (the
 * official SDK client). Each call is finished and answered within the drain window, or
 * answered -32000 when the window ends; never silence. Requests read after SIGTERM are
 * refused (-32000; HTTP 503). The process exits 0.
 */
describe('SIGTERM with 50 slow calls in flight (real child process)', function () {
  this.timeout(60_000);
  let child: SlowAppChild | undefined;
  afterEach(async () => {
    await child?.kill();
    child = undefined;
  });

  describe('over stdio', () => {
    async function start(drainMs: number, callMs: number): Promise<SlowAppChild> {
      const c = (child = new SlowAppChild({ APP_TRANSPORT: '--stdio', APP_DRAIN_MS: String(drainMs) }));
      c.write(`${JSON.stringify({ ...INITIALIZE, id: 'init' })}\n`);
      await c.until(() => c.messages.some((m) => m.id === 'init'), 'the initialize answer');
      c.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
      const calls = Array.from({ length: CALLS }, (_, i) =>
        JSON.stringify({
          jsonrpc: '2.0',
          id: i,
          method: 'tools/call',
          params: { name: 'slow', arguments: { ms: callMs }, _meta: { progressToken: `p${i}` } },
        }),
      );
      c.write(`${calls.join('\n')}\n`);
      // Every call is running: each has streamed progress.
      await c.until(
        () =>
          new Set(
            c.messages
              .filter((m) => m.method === 'notifications/progress')
              .map((m) => JSON.stringify((m as { params?: { progressToken?: unknown } }).params?.progressToken)),
          ).size === CALLS,
        'progress from every call',
      );
      return c;
    }

    function outcomes(c: SlowAppChild, ids: readonly (string | number)[]): Outcome[] {
      return ids.map((id) => {
        const answers = c.messages.filter((m) => m.id === id && m.method === undefined);
        expect(answers, `answers to #${id}`).to.have.length(1);
        const answer = answers[0]!;
        return answer.error === undefined ? (answer.result?.content?.[0]?.text ?? '?') : `error ${answer.error.code}`;
      });
    }

    it('finishes and answers every call within the window, refuses requests read after SIGTERM with -32000, exits 0', async () => {
      const c = await start(10_000, 600);
      c.signal('SIGTERM');
      await c.until(() => c.stderr.includes(SHUTTING_DOWN), 'the shutdown note');
      const late = Array.from({ length: 10 }, (_, i) => `late-${i}`);
      c.write(
        `${late.map((id) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'slow', arguments: { ms: 10 } } })).join('\n')}\n`,
      );
      expect((await c.exit()).code).to.equal(0);
      expect(
        tally(
          outcomes(
            c,
            Array.from({ length: CALLS }, (_, i) => i),
          ),
        ),
      ).to.deep.equal({ 'slept 600 ms': CALLS });
      expect(tally(outcomes(c, late))).to.deep.equal({ 'error -32000': late.length });
      expect(c.stderr).to.contain('onShutdown ran');
    });

    it('answers every call -32000 when the drain window ends first, exits 0', async () => {
      const c = await start(300, 20_000);
      c.signal('SIGTERM');
      expect((await c.exit()).code).to.equal(0);
      expect(
        tally(
          outcomes(
            c,
            Array.from({ length: CALLS }, (_, i) => i),
          ),
        ),
      ).to.deep.equal({ 'error -32000': CALLS });
    });
  });

  describe('over Streamable HTTP (official SDK client)', () => {
    async function start(
      drainMs: number,
      callMs: number,
      hold = false,
    ): Promise<{ c: SlowAppChild; url: string; calls: Promise<Outcome>[] }> {
      const c = (child = new SlowAppChild({ APP_TRANSPORT: '--http', APP_DRAIN_MS: String(drainMs) }));
      const url = await c.url();
      const client = new Client({ name: 'sigterm-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      const progressed = new Set<number>();
      const calls = Array.from({ length: CALLS }, (_, i) =>
        client
          .callTool({ name: 'slow', arguments: { ms: callMs, hold } }, undefined, { onprogress: () => progressed.add(i), timeout: 30_000 })
          .then(
            (result) => (result.content as { text: string }[])[0]?.text ?? '?',
            (error: { code?: number; message?: string }) => `error ${String(error.code ?? error.message)}`,
          ),
      );
      await c.until(() => progressed.size === CALLS, 'progress from every call');
      return { c, url, calls };
    }

    it('finishes and answers every call within the window, answers a new POST 503, exits 0', async () => {
      // The calls are held open until the late POST is answered, so it arrives while the drain
      // still runs however slow the machine is (else they could all finish first, and the
      // server close before the POST is sent).
      const { c, url, calls } = await start(10_000, 600, true);
      c.signal('SIGTERM');
      await c.until(() => c.stderr.includes(SHUTTING_DOWN), 'the shutdown note');
      const late = await post(url, INITIALIZE);
      expect(late.status).to.equal(503);
      expect(late.headers.get('retry-after')).to.equal('5');
      await late.text();
      c.write('release\n');
      expect(tally(await Promise.all(calls))).to.deep.equal({ 'slept 600 ms': CALLS });
      expect((await c.exit()).code).to.equal(0);
    });

    it('answers every call -32000 when the drain window ends first, exits 0', async () => {
      const { c, calls } = await start(300, 20_000);
      c.signal('SIGTERM');
      expect(tally(await Promise.all(calls))).to.deep.equal({ 'error -32000': CALLS });
      expect((await c.exit()).code).to.equal(0);
    });
  });
});
