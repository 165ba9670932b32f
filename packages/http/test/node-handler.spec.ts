import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
  ): Promise<string> {
    handler = createHttpHandler(createKernelApp(), { stateless: true });
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
});
