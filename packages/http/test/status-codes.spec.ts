import { expect } from 'chai';
import { PEERS } from './support/peers';
import { INITIALIZE, openSession, post, POST_HEADERS, rawRequest, sessionHeaders } from './support/raw-http';
import { Opened } from './support/servers';

for (const peer of PEERS) {
  describe(`Streamable HTTP status rules (${peer.name})`, () => {
    const opened = new Opened();
    let url: string;

    beforeEach(async () => {
      url = (await opened.listen(peer.create())).url;
    });
    afterEach(() => opened.closeAll());

    async function errorOf(res: Response): Promise<{ code: number; message: string }> {
      expect(res.headers.get('content-type')).to.match(/^application\/json/);
      const body = (await res.json()) as { jsonrpc: string; error: { code: number; message: string } };
      expect(body.jsonrpc).to.equal('2.0');
      return body.error;
    }

    describe('400', () => {
      it('answers invalid JSON with -32700 and no id', async () => {
        const res = await post(url, '{"jsonrpc":"2.0",', {});
        expect(res.status).to.equal(400);
        const body = (await res.json()) as Record<string, unknown>;
        expect(body).to.not.have.property('id');
        expect((body.error as { code: number }).code).to.equal(-32700);
      });

      it('answers invalid UTF-8 with -32700', async () => {
        const res = await fetch(url, { method: 'POST', headers: POST_HEADERS, body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) });
        expect(res.status).to.equal(400);
        expect((await errorOf(res)).code).to.equal(-32700);
      });

      it('answers a batch or a non-object with -32600', async () => {
        for (const body of [
          '[{"jsonrpc":"2.0","id":1,"method":"ping"}]',
          '42',
          '{"jsonrpc":"1.0","id":1,"method":"ping"}',
          '{"jsonrpc":"2.0","id":null,"method":"ping"}',
        ]) {
          const res = await post(url, body);
          expect(res.status, body).to.equal(400);
          expect((await errorOf(res)).code, body).to.equal(-32600);
        }
      });

      it('requires Mcp-Session-Id after initialize', async () => {
        await openSession(url);
        const res = await post(url, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'mcp-protocol-version': '2025-11-25' });
        expect(res.status).to.equal(400);
        expect((await errorOf(res)).message).to.match(/Mcp-Session-Id/);
      });

      it('refuses an unsupported MCP-Protocol-Version and assumes 2025-03-26 when it is absent', async () => {
        const id = await openSession(url);
        const bad = await post(
          url,
          { jsonrpc: '2.0', id: 1, method: 'tools/list' },
          { 'mcp-session-id': id, 'mcp-protocol-version': '1999-01-01' },
        );
        expect(bad.status).to.equal(400);
        expect((await errorOf(bad)).message).to.match(/MCP-Protocol-Version/);
        const absent = await post(url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { 'mcp-session-id': id });
        expect(absent.status).to.equal(200);
        expect(((await absent.json()) as { result: { tools: unknown[] } }).result.tools).to.have.length.greaterThan(0);
      });
    });

    describe('403', () => {
      it('refuses a foreign Host (DNS rebinding) and a foreign Origin', async () => {
        const port = new URL(url).port;
        const host = await rawRequest(url, {
          method: 'POST',
          headers: { ...POST_HEADERS, host: `evil.example.com:${port}` },
          body: JSON.stringify(INITIALIZE),
        });
        expect(host.status).to.equal(403);
        expect(JSON.parse(host.body).error.message).to.match(/Host/);
        const origin = await post(url, INITIALIZE, { origin: 'http://evil.example.com' });
        expect(origin.status).to.equal(403);
        expect((await errorOf(origin)).message).to.match(/Origin/);
      });

      it('accepts localhost Host and Origin on any port', async () => {
        const port = new URL(url).port;
        const res = await rawRequest(url, {
          method: 'POST',
          headers: { ...POST_HEADERS, host: `localhost:${port}`, origin: `http://localhost:${port}` },
          body: JSON.stringify(INITIALIZE),
        });
        expect(res.status).to.equal(200);
        expect(res.headers['mcp-session-id']).to.be.a('string');
      });
    });

    describe('404', () => {
      it('answers an unknown session id and a deleted one', async () => {
        const unknown = await post(url, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, sessionHeaders('x'.repeat(32)));
        expect(unknown.status).to.equal(404);
        await unknown.text();
        const id = await openSession(url);
        const deleted = await fetch(url, { method: 'DELETE', headers: sessionHeaders(id) });
        expect(deleted.status).to.equal(200);
        const after = await post(url, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, sessionHeaders(id));
        expect(after.status).to.equal(404);
        expect((await errorOf(after)).message).to.match(/session/);
        const again = await fetch(url, { method: 'DELETE', headers: sessionHeaders(id) });
        expect(again.status).to.equal(404);
        await again.text();
      });

      it('answers paths other than the endpoint', async () => {
        const res = await post(url.replace('/mcp', '/other'), INITIALIZE);
        expect(res.status).to.equal(404);
        await res.text();
      });
    });

    describe('405', () => {
      it('refuses other methods with an Allow header', async () => {
        const res = await fetch(url, { method: 'PUT', headers: POST_HEADERS, body: '{}' });
        expect(res.status).to.equal(405);
        expect(res.headers.get('allow')).to.equal('GET, POST, DELETE');
        await res.text();
      });
    });

    describe('406', () => {
      it('requires POST to accept both JSON and SSE', async () => {
        for (const accept of ['application/json', 'text/event-stream', '*/*', 'application/json;q=0, text/event-stream']) {
          const res = await post(url, INITIALIZE, { accept });
          expect(res.status, accept).to.equal(406);
          await res.text();
        }
      });

      it('requires GET to accept SSE', async () => {
        const id = await openSession(url);
        const res = await fetch(url, { headers: { ...sessionHeaders(id), accept: 'application/json' } });
        expect(res.status).to.equal(406);
        await res.text();
      });
    });

    describe('409', () => {
      it('allows one GET stream per session at a time', async () => {
        const id = await openSession(url);
        const first = await fetch(url, { headers: { ...sessionHeaders(id), accept: 'text/event-stream' } });
        expect(first.status).to.equal(200);
        const second = await fetch(url, { headers: { ...sessionHeaders(id), accept: 'text/event-stream' } });
        expect(second.status).to.equal(409);
        await second.text();
        await first.body?.cancel();
      });
    });

    describe('413', () => {
      it('refuses a body over 4 MiB, declared or streamed', async () => {
        const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(4 * 1024 * 1024) } });
        const declared = await post(url, big);
        expect(declared.status).to.equal(413);
        await declared.text();
        const chunks: Uint8Array[] = [new TextEncoder().encode(big)];
        const streamed = await fetch(url, {
          method: 'POST',
          headers: POST_HEADERS,
          body: new ReadableStream({
            pull: (c) => {
              const next = chunks.shift();
              if (next === undefined) c.close();
              else c.enqueue(next);
            },
          }),
          duplex: 'half',
        } as RequestInit);
        expect(streamed.status).to.equal(413);
        expect((await errorOf(streamed)).message).to.match(/exceeds/);
      });
    });

    describe('415', () => {
      it('requires Content-Type application/json', async () => {
        const res = await fetch(url, {
          method: 'POST',
          headers: { ...POST_HEADERS, 'content-type': 'text/plain' },
          body: JSON.stringify(INITIALIZE),
        });
        expect(res.status).to.equal(415);
        await res.text();
      });
    });

    describe('202', () => {
      it('accepts a notification or a response with no body', async () => {
        const id = await openSession(url);
        const res = await post(url, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 99 } }, sessionHeaders(id));
        expect(res.status).to.equal(202);
        expect(await res.text()).to.equal('');
      });
    });

    it('keeps serving after every refusal', async () => {
      await post(url, 'not json').then((r) => r.text());
      const id = await openSession(url);
      const res = await post(
        url,
        { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo', arguments: { text: 'still here' } } },
        sessionHeaders(id),
      );
      expect(res.status).to.equal(200);
      expect(((await res.json()) as { result: { content: { text: string }[] } }).result.content[0].text).to.equal('still here');
    });
  });
}
