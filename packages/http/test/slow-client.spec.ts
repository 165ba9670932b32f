import { expect } from 'chai';
import { connect, type Socket } from 'node:net';
import { DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS, listenHttp } from '../src';
import { createKernelApp } from './support/kernel-app';
import { Opened } from './support/servers';

/**
 * Sends `head` then `body` one byte every 10 ms until the server answers or closes (capped at
 * `maxBytes`); resolves with what the server wrote and how many bytes were trickled.
 */
function trickle(url: string, head: string, body: string, maxBytes: number): Promise<{ reply: string; trickled: number; closed: boolean }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(Number(port), hostname);
    let reply = '';
    let trickled = 0;
    let timer: NodeJS.Timeout | undefined;
    const guard = setTimeout(() => finish(false), 10_000);
    function finish(closed: boolean): void {
      clearInterval(timer);
      clearTimeout(guard);
      socket.destroy();
      resolve({ reply, trickled, closed });
    }
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (reply += chunk));
    socket.on('close', () => finish(true));
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (trickled >= maxBytes || socket.destroyed) return;
        socket.write(body[trickled % body.length]);
        trickled++;
      }, 10);
    });
    socket.once('error', reject);
  });
}

/** A body or headers trickled one byte at a time must not hold a socket open. */
describe('listenHttp request and header timeouts', () => {
  const opened = new Opened();
  afterEach(() => opened.closeAll());

  it('answers 408 and closes a connection whose body trickles in past requestTimeout', async () => {
    const handle = await opened.listen(createKernelApp(), { requestTimeout: 300, headersTimeout: 200 });
    const head = `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 5000\r\n\r\n`;
    const { reply, trickled, closed } = await trickle(handle.url, head, '{"jsonrpc":"2.0"}', 5000);
    expect(closed, 'the server closed the connection').to.equal(true);
    expect(reply).to.match(/^HTTP\/1\.1 408 /);
    expect(trickled).to.be.below(5000);
  });

  it('answers 408 and closes a connection whose headers trickle in past headersTimeout', async () => {
    const handle = await opened.listen(createKernelApp(), { requestTimeout: 300, headersTimeout: 200 });
    const { reply, trickled, closed } = await trickle(
      handle.url,
      'POST /mcp HTTP/1.1\r\n',
      'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n',
      5000,
    );
    expect(closed).to.equal(true);
    expect(reply).to.match(/^HTTP\/1\.1 408 /);
    expect(trickled).to.be.below(5000);
  });

  it('defaults to 10 s for headers and 30 s for the whole request, and checks the values', async () => {
    const handle = await opened.listen(createKernelApp());
    expect(handle.server.headersTimeout).to.equal(DEFAULT_HEADERS_TIMEOUT_MS).and.equal(10_000);
    expect(handle.server.requestTimeout).to.equal(DEFAULT_REQUEST_TIMEOUT_MS).and.equal(30_000);
    for (const bad of [{ requestTimeout: -1 }, { headersTimeout: 0 }, { headersTimeout: 5000, requestTimeout: 1000 }]) {
      let error: unknown;
      try {
        await listenHttp(createKernelApp(), { port: 0, ...bad });
      } catch (caught) {
        error = caught;
      }
      expect(error, JSON.stringify(bad)).to.be.instanceOf(RangeError);
    }
  });
});
