import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'chai';
import { waitUntil } from '../support/wait';

const FIXTURE = join(__dirname, 'support/stdio-flood.fixture.js');
/** 20,000 notifications of 2,000 characters: about 40 MB of output if nothing bounded it. */
const FLOOD = { count: 20_000, size: 2000 };

interface Child {
  readonly child: ChildProcessWithoutNullStreams;
  stderr: string;
  stdout: string;
  readonly exited: Promise<number | null>;
}

function start(maxOutputBacklog: number): Child {
  const child = spawn(process.execPath, ['--expose-gc', FIXTURE], {
    env: { ...process.env, MAX_OUTPUT_BACKLOG: String(maxOutputBacklog) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const state: Child = { child, stderr: '', stdout: '', exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (state.stderr += chunk));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (state.stdout += chunk));
  child.stdin.on('error', () => undefined);
  return state;
}

/** Floods a child whose client has stopped reading; resolves its heap after GC and the refused count. */
async function floodWhileNotReading(state: Child): Promise<{ heapMb: number; refused: number }> {
  state.child.stdout.pause(); // the client stops reading: the pipe fills, then the server's own buffers
  state.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'flood', params: FLOOD })}\n`);
  await waitUntil(() => state.stderr.includes('flooded'), 'the flood report', 15_000);
  const match = /heapMb=([\d.]+) refused=(\d+)/.exec(state.stderr);
  return { heapMb: Number(match?.[1]), refused: Number(match?.[2]) };
}

async function stop(state: Child): Promise<void> {
  state.child.stdout.resume();
  state.child.stdin.end();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([state.exited, new Promise((resolve) => (timer = setTimeout(resolve, 10_000)))]).finally(() => clearTimeout(timer));
  if (state.child.exitCode === null) state.child.kill();
}

describe('StdioServerTransport with a client that stops reading (real child process and pipe)', function () {
  this.timeout(40_000);

  it('keeps the server memory bounded by maxOutputBacklog, then delivers the answer and keeps serving once the client reads again', async () => {
    const state = start(1024 * 1024);
    try {
      const { heapMb, refused } = await floodWhileNotReading(state);
      expect(refused).to.be.greaterThan(FLOOD.count / 2);
      expect(heapMb).to.be.below(20); // 40 MB of notifications were sent; at most ~1 Mi characters wait
      state.child.stdout.resume();
      await waitUntil(() => state.stdout.includes('"id":1,'), 'the flood answer after the client reads again', 15_000);
      state.child.stdin.write('{"jsonrpc":"2.0","id":2,"method":"ping"}\n');
      await waitUntil(() => state.stdout.includes('"id":2,'), 'a ping answered after the backlog', 10_000);
      const lines = state.stdout.trim().split('\n');
      for (const line of lines) JSON.parse(line); // every line is whole: nothing was cut or interleaved
      expect(lines).to.have.length(FLOOD.count - refused + 2);
      expect(JSON.parse(lines.at(-2) as string)).to.deep.equal({ jsonrpc: '2.0', id: 1, result: { refused } });
    } finally {
      await stop(state);
    }
  });

  it('without the bound (a backlog limit larger than the flood), the same flood stays in memory', async () => {
    const state = start(1024 * 1024 * 1024);
    try {
      const { heapMb, refused } = await floodWhileNotReading(state);
      expect(refused).to.equal(0);
      expect(heapMb).to.be.above(30); // the contrast that shows the first test's bound is what holds
    } finally {
      await stop(state);
    }
  });
});
