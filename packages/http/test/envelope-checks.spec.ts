import { expect } from 'chai';
import { checkServerMessage } from '@armature/testing';
import { createApp2026 } from './support/app-2026';
import { post } from './support/raw-http';
import { type Body2026, headersFor2026, request2026 } from './support/raw-2026';
import { Opened } from './support/servers';

/** POSTs `body` with the 2026 headers it implies, `drop`ping some, and reads its schema-checked JSON answer. */
async function send(url: string, body: Body2026, drop: readonly string[] = []): Promise<{ status: number; body: Body2026 }> {
  const headers = headersFor2026(body);
  for (const name of drop) delete headers[name];
  const res = await post(url, body, headers);
  const parsed = (await res.json()) as Body2026;
  expect(checkServerMessage(parsed, body), JSON.stringify(parsed)).to.deep.equal([]);
  return { status: res.status, body: parsed };
}

/** The 2026 envelope and its HTTP version header, checked as MCP 2026-07-28 says, over Streamable HTTP. */
describe('Streamable HTTP: MCP 2026-07-28 envelope checks', () => {
  const opened = new Opened();
  let url: string;
  before(async () => {
    url = (await opened.listen(await createApp2026())).url;
  });
  after(() => opened.closeAll());

  it('a 2026 body without the MCP-Protocol-Version header: 400 -32020 naming the header', async () => {
    const answer = await send(url, request2026('no-header', 'tools/list'), ['mcp-protocol-version']);
    expect([answer.status, answer.body.error?.code]).to.deep.equal([400, -32020]);
    expect(answer.body.error?.message).to.contain('MCP-Protocol-Version header is required');
    const served = await send(url, request2026('with-header', 'tools/list'));
    expect([served.status, served.body.result?.resultType]).to.deep.equal([200, 'complete']);
  });

  it('clientCapabilities values the 2026 schema rejects: 400 -32602 (elicitation: "yes" declares nothing)', async () => {
    for (const caps of [{ elicitation: 'yes' }, { elicitation: { form: true } }, { roots: [] }]) {
      const answer = await send(url, request2026(`caps`, 'tools/call', { name: 'ask', arguments: {} }, caps));
      expect([answer.status, answer.body.error?.code], JSON.stringify(caps)).to.deep.equal([400, -32602]);
    }
  });

  it('an envelope naming 2025-11-25 (and the header too): -32022 whose supported lists only 2026-07-28', async () => {
    const body = request2026('old', 'tools/list');
    body.params!._meta!['io.modelcontextprotocol/protocolVersion'] = '2025-11-25';
    const res = await post(url, body, { ...headersFor2026(body), 'mcp-protocol-version': '2025-11-25' });
    const answer = (await res.json()) as Body2026;
    expect(checkServerMessage(answer, body)).to.deep.equal([]);
    // The envelope decides: not routed to a 2025 session, and no 2025 version offered back.
    expect([res.status, answer.error?.code, answer.error?.data]).to.deep.equal([
      400,
      -32022,
      { requested: '2025-11-25', supported: ['2026-07-28'] },
    ]);
  });
});
