import { expect } from 'chai';
import { checkServerMessage } from '@armature/testing';
import { createApp2026 } from './support/app-2026';
import { INITIALIZE, openSession, post, sessionHeaders } from './support/raw-http';
import { type Body2026, headersFor2026, meta2026, request2026 } from './support/raw-2026';
import { Opened } from './support/servers';

/** POSTs `body` with `headers` (undefined removes one) and reads its JSON answer, checked against its revision's schema. */
async function send(
  url: string,
  body: Body2026,
  headers: Record<string, string | undefined>,
): Promise<{ status: number; body: Body2026; sessionId: string | null }> {
  const all: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) all[name] = value;
  const res = await post(url, body, all);
  const text = await res.text();
  const parsed = JSON.parse(text) as Body2026;
  expect(checkServerMessage(parsed, body), text).to.deep.equal([]);
  return { status: res.status, body: parsed, sessionId: res.headers.get('mcp-session-id') };
}

/**
 * What a dual-era Streamable HTTP endpoint does with mixed signals (docs/protocol-revisions.md):
 * the `_meta` envelope decides the revision before anything opens or looks up a session, an
 * `Mcp-Session-Id` header on an envelope request is ignored, and no error answer names a session.
 */
for (const stateless of [false, true]) {
  describe(`Streamable HTTP (${stateless ? 'stateless' : 'stateful'}): mixed revision signals`, () => {
    const opened = new Opened();
    let url: string;
    before(async () => {
      url = (await opened.listen(await createApp2026(), { stateless })).url;
    });
    after(() => opened.closeAll());

    const initialize2026 = (): Body2026 => ({ ...INITIALIZE, id: 'init-2026', params: { ...INITIALIZE.params, _meta: meta2026() } });

    it('initialize carrying the 2026 envelope is a removed method (-32601, 404) with no Mcp-Session-Id, header or not', async () => {
      for (const version of [undefined, '2026-07-28']) {
        const answer = await send(url, initialize2026(), { 'mcp-protocol-version': version, 'mcp-method': version && 'initialize' });
        expect([answer.status, answer.body.error?.code], String(version)).to.deep.equal([404, -32601]);
        expect(answer.sessionId, String(version)).to.equal(null);
      }
    });

    it('a 2026 request carrying an unknown Mcp-Session-Id is served as 2026 (the header is ignored)', async () => {
      const body = request2026('unknown-id', 'tools/call', { name: 'echo', arguments: { text: 'hi' } });
      const answer = await send(url, body, { ...headersFor2026(body), 'mcp-session-id': 'no-such-session' });
      expect(answer.status).to.equal(200);
      expect(answer.body.result?.content).to.deep.equal([{ type: 'text', text: 'hi' }]);
      expect(answer.sessionId).to.equal(null);
    });

    it('a 2026 request carrying a live 2025 session id is served as 2026; the session still serves its own requests', async () => {
      const sessionId = stateless ? 'none' : await openSession(url);
      const body = request2026('live-id', 'tools/call', { name: 'echo', arguments: { text: 'envelope' } });
      const answer = await send(url, body, { ...headersFor2026(body), 'mcp-session-id': sessionId });
      expect([answer.status, answer.body.result?.content]).to.deep.equal([200, [{ type: 'text', text: 'envelope' }]]);
      expect(answer.sessionId).to.equal(null);
      if (stateless) return;
      const own = { jsonrpc: '2.0', id: 'own', method: 'tools/call', params: { name: 'echo', arguments: { text: '2025' } } };
      const served = await send(url, own, sessionHeaders(sessionId));
      expect([served.status, served.body.result?.content]).to.deep.equal([200, [{ type: 'text', text: '2025' }]]);
    });

    it('a request without the envelope but with a session id stays on its 2025 session (a 2026 version header there is 400)', async () => {
      if (stateless) return;
      const sessionId = await openSession(url);
      const list = { jsonrpc: '2.0', id: 'list', method: 'tools/list' };
      expect((await send(url, list, sessionHeaders(sessionId))).status).to.equal(200);
      const res = await post(url, list, sessionHeaders(sessionId, '2026-07-28'));
      expect(res.status).to.equal(400);
      await res.text();
    });

    it('a failed 2025 initialize names no session, and opens none', async () => {
      const bad = { jsonrpc: '2.0', id: 'bad-init', method: 'initialize', params: { capabilities: {} } };
      const answer = await send(url, bad, {});
      expect(answer.body.error?.code).to.equal(-32602);
      expect(answer.sessionId).to.equal(null);
    });
  });
}
