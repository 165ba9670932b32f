import { expect } from 'chai';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { createApp2026, probe2026 } from './support/app-2026';
import { Opened } from './support/servers';

const BURST = 2000;

/**
 * Over Streamable HTTP with the official SDK client: a burst of 2,000 tool calls on
 * one session. The default in-flight limit (100) holds: never more than 100 run at once (each
 * ends -32001 at its deadline), the others are refused -32004 at once (how many depends on how
 * fast the POSTs arrive against the 1 s deadlines); each call gets exactly one answer.
 */
describe('Streamable HTTP: a 2,000-call burst from one session (official SDK client)', function () {
  this.timeout(60_000);
  const opened = new Opened();
  after(() => opened.closeAll());

  it('holds the default in-flight limit, answers every call once, and keeps serving', async () => {
    const url = (await opened.listen(await createApp2026({ requestTimeoutMs: 1000 }))).url;
    const { client, wire } = await opened.checkedClient(url);
    const calls = Array.from({ length: BURST }, (_, i) =>
      client.callTool({ name: 'wait', arguments: { tag: `b${i}` } }, undefined, { timeout: 30_000 }),
    );
    const outcomes = await Promise.allSettled(calls);
    const codes = new Map<number | string, number>();
    for (const outcome of outcomes) {
      const code = outcome.status === 'rejected' && outcome.reason instanceof McpError ? outcome.reason.code : outcome.status;
      codes.set(code, (codes.get(code) ?? 0) + 1);
    }
    expect([...codes.keys()].sort()).to.have.members([-32004, -32001]);
    expect((codes.get(-32001) ?? 0) + (codes.get(-32004) ?? 0)).to.equal(BURST);
    expect(probe2026.peak, 'most calls running at once').to.equal(100);
    expect(codes.get(-32004)).to.be.above(BURST / 2);
    const answers = wire.received.filter((m) => 'id' in m && ('result' in m || 'error' in m)).map((m) => (m as { id: unknown }).id);
    expect(new Set(answers).size).to.equal(answers.length);
    expect((await client.callTool({ name: 'echo', arguments: { text: 'after' } })).content).to.deep.equal([
      { type: 'text', text: 'after' },
    ]);
  });
});
