import { expect } from 'chai';
import { PassThrough, Writable } from 'node:stream';
import type { JSONRPCMessage } from '../../src/wire/mcp-types.generated';
import type { ServerLogger } from '../../src/logging/server-logger';
import { silentLogger } from '../../src/logging/server-logger';
import { StdioServerTransport } from '../../src/transport/stdio.transport';
import { waitUntil } from '../support/wait';

/** A stdout that records each `write` call's chunk, and completes writes only when told to. */
function recordingStdout(highWaterMark: number): {
  stdout: Writable;
  writes: string[];
  releaseAll: () => void;
  hold: (on: boolean) => void;
} {
  const writes: string[] = [];
  let holding = false;
  const held: (() => void)[] = [];
  const stdout = new Writable({
    highWaterMark,
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, callback) {
      writes.push(chunk.toString());
      if (holding) held.push(callback);
      else callback();
    },
  });
  const releaseAll = (): void => {
    holding = false;
    for (const callback of held.splice(0)) callback();
  };
  return { stdout, writes, releaseAll, hold: (on) => (holding = on) };
}

const lines = (writes: readonly string[]): JSONRPCMessage[] =>
  writes
    .join('')
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as JSONRPCMessage);

describe('StdioServerTransport output batching and backlog', () => {
  it('writes the answers to every request of one stdin chunk in one write, in order', async () => {
    const stdin = new PassThrough();
    const { stdout, writes } = recordingStdout(1 << 20);
    const transport = new StdioServerTransport({ stdin, stdout, logger: silentLogger });
    transport.onmessage = (message) => void transport.send({ jsonrpc: '2.0', id: (message as { id: number }).id, result: {} });
    await transport.start();
    const requests = Array.from({ length: 256 }, (_, i) => `{"jsonrpc":"2.0","id":${i},"method":"ping"}\n`).join('');
    stdin.write(requests);
    await waitUntil(() => lines(writes).length === 256, 'the 256 answers');
    expect(writes).to.have.length(1);
    expect(lines(writes).map((m) => (m as { id: number }).id)).to.deep.equal(Array.from({ length: 256 }, (_, i) => i));
    // A later turn's messages go out in their own write.
    await transport.send({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'later' } });
    await waitUntil(() => writes.length === 2, 'the later write');
    await transport.close();
  });

  it('batches sends made from promise callbacks of the same turn', async () => {
    const { stdout, writes } = recordingStdout(1 << 20);
    const transport = new StdioServerTransport({ stdin: new PassThrough(), stdout, logger: silentLogger });
    await transport.start();
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => Promise.resolve().then(() => transport.send({ jsonrpc: '2.0', id: i, result: {} }))),
    );
    await waitUntil(() => lines(writes).length === 10, 'ten answers');
    expect(writes).to.have.length(1);
    await transport.close();
  });

  it('bounds what waits for a client that stops reading: notifications beyond maxOutputBacklog are refused, responses still queue', async () => {
    const stdin = new PassThrough();
    const { stdout, writes, releaseAll, hold } = recordingStdout(1024);
    const warnings: string[] = [];
    const logger: ServerLogger = { ...silentLogger, warn: (message: string) => void warnings.push(message) };
    const transport = new StdioServerTransport({ stdin, stdout, logger, maxOutputBacklog: 64 * 1024 });
    await transport.start();
    hold(true); // the client stops reading
    const note = (i: number): JSONRPCMessage => ({
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { level: 'info', data: `${i}:${'x'.repeat(1000)}` },
    });
    await transport.send(note(0)); // accepted: handed to stdout at the end of the turn, which then backs up
    await new Promise((resolve) => setImmediate(resolve));
    expect(stdin.isPaused()).to.equal(true);
    const refused: unknown[] = [];
    const waiting: Promise<void>[] = [];
    for (let i = 0; i < 1000; i++) waiting.push(transport.send(note(1000 + i)).catch((error: unknown) => void refused.push(error)));
    const response = transport.send({ jsonrpc: '2.0', id: 7, result: {} });
    await new Promise((resolve) => setImmediate(resolve)); // the refusals' rejections are handled
    // About 64 of the 1,000 notifications of ~1 KB fit; the rest were refused, once reported.
    expect(refused.length).to.be.within(900, 999);
    expect(String(refused[0])).to.match(/stdout is backed up: \d+ characters are waiting/);
    expect(warnings.filter((w) => w.includes('stdout is backed up'))).to.have.length(1);
    hold(false);
    releaseAll();
    await response;
    await Promise.all(waiting);
    await waitUntil(() => lines(writes).some((m) => (m as { id?: number }).id === 7), 'the response after the drain');
    const out = lines(writes);
    expect(out.length).to.equal(1 + (1000 - refused.length) + 1);
    expect((out.at(-1) as { id?: number }).id).to.equal(7);
    await waitUntil(() => !stdin.isPaused(), 'stdin resumed after the drain');
    await transport.close();
  });

  it('writes what is still queued when it closes', async () => {
    const { stdout, writes } = recordingStdout(1 << 20);
    const transport = new StdioServerTransport({ stdin: new PassThrough(), stdout, logger: silentLogger });
    await transport.start();
    void transport.send({ jsonrpc: '2.0', id: 1, result: {} });
    await transport.close();
    expect(lines(writes)).to.deep.equal([{ jsonrpc: '2.0', id: 1, result: {} }]);
  });

  it('rejects a maxOutputBacklog that is not a positive number', () => {
    expect(() => new StdioServerTransport({ stdin: new PassThrough(), stdout: new PassThrough(), maxOutputBacklog: 0 })).to.throw(
      RangeError,
      /maxOutputBacklog/,
    );
  });
});
