/**
 * CPU cost of `tools/call` through the engine versus a hand-written JSON-RPC floor, both fed
 * the same newline-delimited bytes and writing to a discarding stream (no pipes, no child).
 * Run: node packages/core/dist/test/engine/tools-call.bench.js [requests]
 * Not a test: it prints numbers and asserts nothing.
 */
import { PassThrough, Writable } from 'node:stream';
import { ServerSession } from '../../src/session/server-session';
import { silentLogger } from '../../src/logging/server-logger';
import type { ServerFeatures } from '../../src/protocol/server-features';
import { StdioServerTransport } from '../../src/transport/stdio.transport';

const COUNT = Number(process.argv[2] ?? 200_000);
const tool = { name: 'echo', inputSchema: { type: 'object' as const } };

function requestBytes(count: number): Buffer {
  const lines: string[] = [];
  for (let i = 0; i < count; i++)
    lines.push(`{"jsonrpc":"2.0","id":${i},"method":"tools/call","params":{"name":"echo","arguments":{"text":"hello ${i}"}}}\n`);
  return Buffer.from(lines.join(''));
}

function countingSink(expected: number, done: () => void): Writable {
  let lines = 0;
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
      if (lines === expected) done();
      callback();
    },
  });
}

async function echoAsync(text: string): Promise<{ content: { type: string; text: string }[] }> {
  return { content: [{ type: 'text', text }] };
}

function feed(stdin: PassThrough, bytes: Buffer): void {
  for (let i = 0; i < bytes.length; i += 65536) stdin.write(bytes.subarray(i, i + 65536));
}

/** The floor: split lines, JSON.parse, call, JSON.stringify, write (an async tool is awaited). */
function runFloor(bytes: Buffer, asyncTool: boolean): Promise<void> {
  return new Promise((resolve) => {
    const stdin = new PassThrough();
    const out = countingSink(COUNT, resolve);
    let rest = '';
    stdin.on('data', (chunk: Buffer) => {
      const text = rest + chunk.toString('utf8');
      const lines = text.split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        const message = JSON.parse(line) as { id: number; method: string; params: { name: string; arguments: { text: string } } };
        if (message.method !== 'tools/call') continue;
        if (asyncTool) {
          void echoAsync(message.params.arguments.text).then((result) =>
            out.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }) + '\n'),
          );
        } else {
          const result = { content: [{ type: 'text', text: message.params.arguments.text }] };
          out.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }) + '\n');
        }
      }
    });
    feed(stdin, bytes);
  });
}

async function runEngine(bytes: Buffer, asyncTool: boolean): Promise<void> {
  const stdin = new PassThrough();
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const stdout = countingSink(COUNT + 1, finish);
  const features: ServerFeatures = {
    tools: {
      list: () => [tool],
      call: asyncTool
        ? async (_name, args) => ({ content: [{ type: 'text', text: String(args?.text) }] })
        : (_name, args) => ({ content: [{ type: 'text', text: String(args?.text) }] }),
    },
  };
  const transport = new StdioServerTransport({ stdin, stdout, logger: silentLogger });
  const session = new ServerSession(transport, { serverInfo: { name: 'bench', version: '1' }, features, logger: silentLogger });
  await session.start();
  stdin.write(
    '{"jsonrpc":"2.0","id":"i","method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"b","version":"1"}}}\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n',
  );
  feed(stdin, bytes);
  await finished;
  await session.close();
}

const ROUNDS = 5;

/** Best of several rounds after a warm-up: the machine may be shared, and noise only adds. */
async function measure(label: string, run: () => Promise<void>): Promise<number> {
  await run();
  let best = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    const before = process.cpuUsage();
    await run();
    const cpu = process.cpuUsage(before);
    best = Math.min(best, (cpu.user + cpu.system) / COUNT);
  }
  process.stdout.write(`${label.padEnd(24)} ${best.toFixed(2)} µs CPU/request (best of ${ROUNDS} × ${COUNT})\n`);
  return best;
}

async function main(): Promise<void> {
  const bytes = requestBytes(COUNT);
  const floor = await measure('floor, sync tool', () => runFloor(bytes, false));
  const sync = await measure('engine, sync tool', () => runEngine(bytes, false));
  const asyncFloor = await measure('floor, async tool', () => runFloor(bytes, true));
  const asyncCost = await measure('engine, async tool', () => runEngine(bytes, true));
  process.stdout.write(`engine/floor: sync ${(sync / floor).toFixed(2)}x, async ${(asyncCost / asyncFloor).toFixed(2)}x\n`);
}

void main();
