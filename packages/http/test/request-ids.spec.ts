import { expect } from 'chai';
import { createApp2026 } from './support/app-2026';
import { openSession, post, sessionHeaders } from './support/raw-http';
import { Opened } from './support/servers';

const V2026 = '2026-07-28';
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': V2026,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'raw-fetch', version: '1.0.0' },
};

type Era = { readonly name: string; headers(): Record<string, string>; readonly params: string };

/**
 * Over Streamable HTTP: ids that cannot be echoed faithfully are refused (400,
 * -32600, no id), a readable id survives a depth refusal, for a 2025 session and for 2026
 * requests; the raw answer text is checked, since JSON.parse would blur a rounded id.
 */
describe('Streamable HTTP: request ids the server cannot echo faithfully', () => {
  const opened = new Opened();
  let url: string;
  let session: string;
  before(async () => {
    url = (await opened.listen(await createApp2026())).url;
    session = await openSession(url);
  });
  after(() => opened.closeAll());

  const eras: Era[] = [
    { name: '2025 session', headers: () => sessionHeaders(session), params: '{}' },
    {
      name: '2026 request',
      headers: () => ({ 'mcp-protocol-version': V2026, 'mcp-method': 'tools/list' }),
      params: JSON.stringify({ _meta: ENVELOPE }),
    },
  ];

  for (const era of eras) {
    describe(era.name, () => {
      async function send(text: string): Promise<{ status: number; text: string }> {
        const res = await post(url, text, era.headers());
        return { status: res.status, text: await res.text() };
      }

      async function stillServes(id: number): Promise<void> {
        const answer = await send(`{"jsonrpc":"2.0","id":${id},"method":"tools/list","params":${era.params}}`);
        expect(answer.status, answer.text).to.equal(200);
        expect((JSON.parse(answer.text) as { id: number }).id).to.equal(id);
      }

      it('refuses 2^53 + 1, -(2^53 + 1) and a fraction that rounds to an integer: 400, -32600, no id', async () => {
        for (const id of ['9007199254740993', '-9007199254740993', '4503599627370497.5']) {
          const answer = await send(`{"jsonrpc":"2.0","id":${id},"method":"tools/list","params":${era.params}}`);
          expect(answer.status, id).to.equal(400);
          const reply = JSON.parse(answer.text) as { id?: unknown; error?: { code: number } };
          expect(reply.error?.code, id).to.equal(-32600);
          expect('id' in reply, answer.text).to.equal(false);
        }
        const exact = await send(`{"jsonrpc":"2.0","id":9007199254740991,"method":"tools/list","params":${era.params}}`);
        expect(exact.text).to.contain('"id":9007199254740991');
        await stillServes(1);
      });

      it('refuses a string id over 256 characters without echoing it', async () => {
        const answer = await send(`{"jsonrpc":"2.0","id":"${'i'.repeat(300)}","method":"tools/list","params":${era.params}}`);
        expect(answer.status).to.equal(400);
        expect(answer.text).to.not.contain('iiii');
        expect((JSON.parse(answer.text) as { error: { code: number } }).error.code).to.equal(-32600);
        await stillServes(2);
      });

      it('answers params nested 100 deep with -32600 carrying the id', async () => {
        const deep = `${'{"a":'.repeat(100)}1${'}'.repeat(100)}`;
        const answer = await send(`{"jsonrpc":"2.0","id":"deep","method":"tools/list","params":${deep}}`);
        expect(answer.status).to.equal(400);
        expect(JSON.parse(answer.text)).to.deep.include({ id: 'deep' });
        await stillServes(3);
      });
    });
  }

  it('maxIdLength changes the limit', async () => {
    const short = (await opened.listen(await createApp2026(), { maxIdLength: 8 })).url;
    const headers = { 'mcp-protocol-version': V2026, 'mcp-method': 'tools/list' };
    const body = (id: string): string => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', params: { _meta: ENVELOPE } });
    expect((await post(short, body('12345678'), headers)).status).to.equal(200);
    const refused = await post(short, body('123456789'), headers);
    expect(refused.status).to.equal(400);
    expect(await refused.text()).to.contain('longer than 8 characters');
  });
});
