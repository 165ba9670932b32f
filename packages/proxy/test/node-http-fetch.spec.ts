import { expect } from 'chai';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { nodeHttpFetch, type NodeHttpFetch } from '../src/node-http-fetch';

/** A node:http server answering by path: a JSON result, an SSE stream, an error's text. */
function answeringServer(): http.Server {
  return http.createServer((req, res) => {
    if (req.url === '/json') {
      res.writeHead(200, { 'content-type': 'application/json', 'x-seen-accept': req.headers.accept ?? '' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { ok: true } }));
    } else if (req.url === '/sse') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: message\ndata: {"a":1}\n\n');
      setTimeout(() => res.end('event: message\ndata: {"a":2}\n\n'), 20);
    } else {
      res.writeHead(503, { 'content-type': 'text/plain' });
      res.end('upstream down');
    }
  });
}

describe('@armature/proxy: the node:http fetch', () => {
  let server: http.Server;
  let base: string;
  let send: NodeHttpFetch;

  before(async () => {
    server = answeringServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    send = nodeHttpFetch();
  });

  after(async () => {
    send.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('answers a JSON POST with its status, headers and body, readable once', async () => {
    const headers = new Headers({ accept: 'application/json, text/event-stream', 'content-type': 'application/json' });
    const response = await send.fetch(new URL('/json', base), { method: 'POST', headers, body: '{}' });
    expect(response).to.be.instanceOf(Response);
    expect(response.status).to.equal(200);
    expect(response.ok).to.equal(true);
    expect(response.headers.get('content-type')).to.equal('application/json');
    expect(response.headers.get('x-seen-accept')).to.equal('application/json, text/event-stream');
    expect(await response.json()).to.deep.equal({ jsonrpc: '2.0', id: 1, result: { ok: true } });
    expect(response.bodyUsed).to.equal(true);
    const again = await response.text().then(
      () => 'read twice',
      (error: unknown) => error,
    );
    expect(again).to.be.instanceOf(TypeError);
  });

  it("gives an error answer's text", async () => {
    const response = await send.fetch(`${base}/down`, { method: 'POST', body: '{}' });
    expect(response.status).to.equal(503);
    expect(response.ok).to.equal(false);
    expect(await response.text()).to.equal('upstream down');
  });

  it('hands an event stream over as a stream, event by event', async () => {
    const response = await send.fetch(`${base}/sse`, { method: 'GET' });
    expect(response.headers.get('content-type')).to.equal('text/event-stream');
    expect(response.body).to.not.equal(null);
    const text = await response.text();
    expect(text).to.equal('event: message\ndata: {"a":1}\n\nevent: message\ndata: {"a":2}\n\n');
  });
});
