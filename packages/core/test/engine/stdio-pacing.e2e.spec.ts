import { expect } from 'chai';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { WireCheckedTransport } from '@armature/testing';
import type { Transport } from '../../src/transport/transport';

const CHILD = join(__dirname, '../support/paced-app.child.js');
const COUNT = 500;
/** Progress values allowed beyond rate × duration: the first goes out at once, one may precede the answer. */
const PROGRESS_SLACK = 2;

type Wired = { method?: string; id?: unknown; params?: Record<string, unknown> };

/**
 * `maxProgressPerSecond` and `maxLogsPerSecond` set on an app served by `app.listen()` over
 * stdio in a real child process, seen by the official SDK v1 client: a tool that reports 500
 * progress values and 500 log messages as fast as it can reaches the client paced, and every
 * server message is checked against the schema.
 */
describe('notification pacing through a real stdio transport (app options, SDK v1 client)', function () {
  this.timeout(40_000);
  let client: Client | undefined;
  let wire: WireCheckedTransport | undefined;

  afterEach(async () => {
    await client?.close();
    client = undefined;
    wire = undefined;
  });

  async function connect(env: Record<string, string>): Promise<{ client: Client; wire: WireCheckedTransport }> {
    const stdio = new StdioClientTransport({
      command: process.execPath,
      args: [CHILD],
      env: { ...(process.env as Record<string, string>), ...env },
      stderr: 'pipe',
    });
    wire = new WireCheckedTransport(stdio as unknown as Transport, { check: true });
    client = new Client({ name: 'pacing-e2e', version: '1.0.0' });
    await client.connect(wire as unknown as SdkTransport);
    await client.setLoggingLevel('debug');
    return { client, wire };
  }

  /** Calls `burst`, returning the messages of that call as they arrived and how long it took (an upper bound). */
  async function burst(
    c: Client,
    w: WireCheckedTransport,
    tool: 'progressBurst' | 'logBurst',
  ): Promise<{ messages: Wired[]; seconds: number }> {
    const from = w.received.length;
    const started = Date.now();
    const result = await c.callTool({ name: tool, arguments: { count: COUNT } }, undefined, {
      onprogress: () => undefined,
      timeout: 30_000,
    });
    const seconds = (Date.now() - started) / 1000;
    expect(result.content).to.deep.equal([{ type: 'text', text: `${tool === 'logBurst' ? 'log' : 'progress'} burst of ${COUNT}` }]);
    if (process.env.PACING_REPORT) process.stderr.write(`${tool}: ${w.received.length - from} messages in ${seconds} s\n`);
    return { messages: w.received.slice(from) as Wired[], seconds };
  }

  it('maxProgressPerSecond: 10 → at most 10/s of the 500 values, increasing, all before the result', async () => {
    const { client: c, wire: w } = await connect({ MAX_PROGRESS_PER_SECOND: '10' });
    const { messages, seconds } = await burst(c, w, 'progressBurst');
    const progress = messages.filter((m) => m.method === 'notifications/progress').map((m) => m.params!.progress as number);
    expect(progress.length, `progress over ${seconds} s`).to.be.at.least(2);
    expect(progress.length, `progress over ${seconds} s`).to.be.at.most(Math.ceil(10 * seconds) + PROGRESS_SLACK);
    for (let i = 1; i < progress.length; i++) expect(progress[i], progress.join(',')).to.be.greaterThan(progress[i - 1]!);
    expect(progress[progress.length - 1]).to.be.at.most(COUNT);
    const answer = messages.findIndex((m) => m.id !== undefined && m.method === undefined);
    const lastProgress = messages.map((m) => m.method).lastIndexOf('notifications/progress');
    expect(answer, 'the result arrived').to.be.greaterThan(-1);
    expect(lastProgress, 'no progress after the result').to.be.lessThan(answer);
    w.assertClean();
  });

  it('maxLogsPerSecond: 5 → the rest dropped and counted: delivered + reported dropped = 500', async () => {
    const { client: c, wire: w } = await connect({ MAX_LOGS_PER_SECOND: '5' });
    const { messages, seconds } = await burst(c, w, 'logBurst');
    const logs = messages.filter((m) => m.method === 'notifications/message');
    const delivered = logs.filter((m) => m.params!.logger === 'burst' && m.params!.data !== 'last line');
    const warnings = logs.filter((m) => m.params!.logger === 'armature');
    // Windows of one second each: at most 5 per window the call lasted.
    expect(delivered.length + warnings.length + 1, `logs over ${seconds} s`).to.be.at.most(5 * Math.ceil(seconds + 1));
    expect(warnings.length, 'a dropped-count warning').to.be.at.least(1);
    for (const warning of warnings) expect(warning.params!.level).to.equal('warning');
    const dropped = warnings.reduce((sum, m) => sum + ((m.params!.data as { dropped: number }).dropped ?? 0), 0);
    expect(delivered.length + dropped, 'every log message delivered or counted').to.equal(COUNT);
    // The count is reported just before the message that the next second lets through.
    const last = logs.findIndex((m) => m.params!.data === 'last line');
    expect(last, 'the last line arrived').to.be.greaterThan(-1);
    expect(logs[last - 1]!.params!.logger).to.equal('armature');
    w.assertClean();
  });
});
