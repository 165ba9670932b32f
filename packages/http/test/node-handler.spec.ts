import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createHttpHandler, type HttpHandler } from '../src';
import { createKernelApp } from './support/kernel-app';
import { post } from './support/raw-http';

/** Mounting the node handler by hand, as express/fastify/Nest adapters do. */
describe('createHttpHandler().node (req, res)', () => {
  let server: Server | undefined;
  let handler: HttpHandler | undefined;

  afterEach(async () => {
    await handler?.close(100);
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
    server = undefined;
  });

  async function serve(
    mount: (handler: HttpHandler) => (req: IncomingMessage, res: import('node:http').ServerResponse) => void,
    onError?: (error: Error) => void,
  ): Promise<string> {
    handler = createHttpHandler(createKernelApp(), { stateless: true, ...(onError === undefined ? {} : { onError }) });
    server = createServer(mount(handler));
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/anything`;
  }

  it('takes authInfo from req.auth, as auth middleware leaves it', async () => {
    const url = await serve((h) => (req, res) => {
      (req as IncomingMessage & { auth?: unknown }).auth = { token: 't', clientId: 'from-middleware', scopes: ['read'] };
      void h.node(req, res);
    });
    const res = await post(url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'whoami', arguments: {} } });
    expect(((await res.json()) as { result: { content: { text: string }[] } }).result.content[0].text).to.equal('from-middleware');
  });

  it('accepts a body a parser already read', async () => {
    const url = await serve((h) => (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => void h.node(req, res, JSON.parse(Buffer.concat(chunks).toString('utf8'))));
    });
    const res = await post(url, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: { text: 'parsed' } } });
    expect(((await res.json()) as { result: { content: { text: string }[] } }).result.content[0].text).to.equal('parsed');
    const bad = await post(url, [1, 2]);
    expect(bad.status).to.equal(400);
    expect(((await bad.json()) as { error: { code: number } }).error.code).to.equal(-32600);
  });

  /** Writes `parts` to a raw connection one at a time (a pause between them), then resolves with everything read until the server closes or `until` matches. */
  function rawExchange(url: string, parts: readonly (string | Buffer)[], until: RegExp): Promise<string> {
    const { port } = new URL(url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1');
      let text = '';
      const timer = setTimeout(() => (socket.destroy(), reject(new Error(`no answer matching ${until}: ${text}`))), 5_000);
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        if (until.test(text)) (clearTimeout(timer), socket.destroy(), resolve(text));
      });
      socket.on('error', (error) => (clearTimeout(timer), reject(error)));
      let next = 0;
      const write = (): void => {
        if (next >= parts.length) return;
        socket.write(parts[next++]!);
        setTimeout(write, 20);
      };
      socket.once('connect', write);
    });
  }

  it('reads a body that arrives in several chunks, split inside a UTF-8 character', async () => {
    const url = await serve((h) => (req, res) => void h.node(req, res));
    const body = Buffer.from(
      JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: { text: 'café' } } }),
    );
    const split = body.indexOf(Buffer.from('é')) + 1; // between the two bytes of "é"
    const head =
      `POST /anything HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Accept: application/json, text/event-stream\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    const answer = await rawExchange(url, [head, body.subarray(0, split), body.subarray(split)], /"café"/);
    expect(answer).to.match(/^HTTP\/1\.1 200/);
  });

  it('reports a request whose client leaves mid-body, and keeps serving', async () => {
    const errors: Error[] = [];
    const url = await serve(
      (h) => (req, res) => void h.node(req, res),
      (error) => errors.push(error),
    );
    const { port } = new URL(url);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /anything HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
            `Accept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n{"jsonrpc":"2.0",`,
          () => setTimeout(() => (socket.destroy(), resolve()), 20),
        );
      });
      socket.on('error', reject);
    });
    for (let i = 0; i < 100 && errors.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(errors.map((e) => e.message).join()).to.match(/aborted/);
    const res = await post(url, {
      jsonrpc: '2.0',
      id: 4,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'still here' } },
    });
    expect(((await res.json()) as { result: { content: { text: string }[] } }).result.content[0].text).to.equal('still here');
  });
});
