import { expect } from 'chai';
import { PassThrough, Writable } from 'node:stream';
import type { JSONRPCMessage } from '../../src/wire/mcp-types.generated';
import { silentLogger } from '../../src/logging/server-logger';
import { LineSplitter } from '../../src/transport/line-splitter';
import { StdioServerTransport } from '../../src/transport/stdio.transport';
import { stdioOverStreams } from '../support/stdio-streams';
import { waitUntil } from '../support/wait';

function harness(maxBytes?: number): {
  transport: StdioServerTransport;
  stdin: PassThrough;
  output: () => unknown[];
  received: JSONRPCMessage[];
} {
  const { transport, stdin, output } = stdioOverStreams(maxBytes === undefined ? undefined : { maxBytes });
  const received: JSONRPCMessage[] = [];
  transport.onmessage = (message) => received.push(message);
  return { transport, stdin, output, received };
}

describe('LineSplitter', () => {
  it('splits across chunks, keeps CR for the caller, and skips an overlong unfinished line after one report', () => {
    const lines: string[] = [];
    let overflows = 0;
    const splitter = new LineSplitter(
      8,
      (line) => lines.push(line.toString()),
      () => overflows++,
    );
    for (const chunk of ['ab', 'c\r\nde', 'f\n', '0123456789', 'abcdef', 'ghi\nok\n', 'complete but long\nz\n'])
      splitter.push(Buffer.from(chunk));
    // A complete line within one chunk is passed on; the decoder refuses it if it is too long.
    expect(lines).to.deep.equal(['abc\r', 'def', 'ok', 'complete but long', 'z']);
    expect(overflows).to.equal(1);
    expect(splitter.buffered).to.equal(0);
  });

  it('hands over lines as text when valid UTF-8 and as bytes otherwise', () => {
    const lines: (string | Buffer)[] = [];
    const splitter = new LineSplitter(
      100,
      (line) => lines.push(line),
      () => undefined,
    );
    splitter.push(Buffer.from('é1\né2\n'));
    splitter.push(Buffer.concat([Buffer.from('ok\n'), Buffer.from([0xff]), Buffer.from('\n')]));
    expect(lines.map((l) => typeof l)).to.deep.equal(['string', 'string', 'object', 'object']);
    expect(lines.slice(0, 3).map(String)).to.deep.equal(['é1', 'é2', 'ok']);
  });
});

describe('StdioServerTransport', () => {
  it('delivers one message per line, tolerating CRLF, blank lines and a BOM', async () => {
    const h = harness();
    await h.transport.start();
    h.stdin.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\r\n\n  \n\ufeff{"jsonrpc":"2.0","id":2,"meth');
    h.stdin.write('od":"ping"}\n');
    await waitUntil(() => h.received.length === 2, 'two messages');
    expect(h.received.map((m) => (m as { id: number }).id)).to.deep.equal([1, 2]);
    expect(h.output()).to.deep.equal([]);
    await h.transport.close();
  });

  it('answers bad frames in-band and keeps reading', async () => {
    const h = harness(64);
    await h.transport.start();
    h.stdin.write('nope\n[1]\n' + '{"x":"' + 'y'.repeat(100) + '"}\n{"jsonrpc":"2.0","id":3,"method":"ping"}\n');
    await waitUntil(() => h.received.length === 1 && h.output().length === 3, 'three answers and one message');
    expect(h.output().map((m) => (m as { error: { code: number } }).error.code)).to.deep.equal([-32700, -32600, -32700]);
    await h.transport.close();
  });

  it('writes each message as one line and closes on stdin EOF when nobody handles input end', async () => {
    const h = harness();
    let closed = 0;
    h.transport.onclose = () => closed++;
    await h.transport.start();
    await h.transport.send({ jsonrpc: '2.0', id: 1, result: { text: 'a\nb' } });
    await waitUntil(() => h.output().length === 1, 'one line');
    expect(h.output()).to.deep.equal([{ jsonrpc: '2.0', id: 1, result: { text: 'a\nb' } }]);
    h.stdin.end();
    await waitUntil(() => closed === 1, 'close on EOF');
    let failed = false;
    await h.transport.send({ jsonrpc: '2.0', id: 2, result: {} }).catch(() => (failed = true));
    expect(failed).to.equal(true);
  });

  it('reports stdin EOF through oninputend, leaving output open', async () => {
    const h = harness();
    let ended = 0;
    h.transport.oninputend = () => ended++;
    await h.transport.start();
    h.stdin.end();
    await waitUntil(() => ended === 1, 'input end');
    await h.transport.send({ jsonrpc: '2.0', id: 1, result: {} });
    await waitUntil(() => h.output().length === 1, 'reply after EOF');
    await h.transport.close();
  });

  it('accepts the official SDK constructor signature (stdin, stdout)', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const transport = new StdioServerTransport(stdin, stdout);
    const received: JSONRPCMessage[] = [];
    transport.onmessage = (message) => received.push(message);
    await transport.start();
    stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    await waitUntil(() => received.length === 1, 'a message through injected streams');
    await transport.close();
  });

  it('waits for a backed-up stdout to drain and pauses stdin meanwhile', async () => {
    const stdin = new PassThrough();
    const chunks: string[] = [];
    let release: (() => void) | undefined;
    const stdout = new Writable({
      highWaterMark: 16,
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk.toString());
        release = callback;
      },
    });
    const transport = new StdioServerTransport({ stdin, stdout, logger: silentLogger });
    await transport.start();
    // The first message is handed to stdout at the end of the turn, which then backs up.
    await transport.send({ jsonrpc: '2.0', id: 1, result: { pad: 'x'.repeat(64) } });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stdin.isPaused()).to.equal(true);
    // The next one waits for the drain.
    let sent = false;
    const sending = transport.send({ jsonrpc: '2.0', id: 2, result: {} }).then(() => (sent = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).to.equal(false);
    release?.();
    await sending;
    expect(sent).to.equal(true);
    await waitUntil(() => chunks.length === 2, 'the waiting message written after the drain');
    release?.();
    expect(stdin.isPaused()).to.equal(false);
    expect(
      chunks
        .join('')
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { id: number }).id),
    ).to.deep.equal([1, 2]);
    await transport.close();
  });
});
