import { expect } from 'chai';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { checkServerMessage } from '@armature/testing';
import { createApp2026 } from './support/app-2026';
import { openSession, post, sessionHeaders } from './support/raw-http';
import { Opened } from './support/servers';

const BOUND = 256;
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'raw-fetch', version: '1.0.0' },
};

async function refusal(promise: Promise<unknown>): Promise<McpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof McpError) return error;
    throw error;
  }
  throw new Error('expected an error');
}

/**
 * Over Streamable HTTP: `resources/read` checks URI syntax before routing, and error
 * answers repeat at most a bounded prefix of a huge URI or name; the official SDK client for
 * 2025 sessions, raw 2026 POSTs (the raw body length is what is bounded).
 */
describe('Streamable HTTP: resources/read URI syntax and bounded echoes', () => {
  const opened = new Opened();
  let url: string;
  before(async () => {
    url = (await opened.listen(await createApp2026())).url;
  });
  after(() => opened.closeAll());

  it('2025 (official SDK client): malformed URIs get -32602, a missing one -32002; 70 KB inputs are echoed bounded', async () => {
    const { client } = await opened.checkedClient(url);
    for (const uri of ['', ' ', 'http26://a b', 'static']) {
      expect((await refusal(client.readResource({ uri }))).code, JSON.stringify(uri)).to.equal(-32602);
    }
    const missing = await refusal(client.readResource({ uri: 'http26://missing' }));
    expect([missing.code, missing.data]).to.deep.equal([-32002, { uri: 'http26://missing' }]);
    const long = await refusal(client.readResource({ uri: `http26://${'u'.repeat(5 * 1024)}` }));
    expect(long.code).to.equal(-32002);
    expect((long.data as { uri: string }).uri).to.have.length(BOUND);
    const huge = await refusal(client.readResource({ uri: `http26://${'u'.repeat(64 * 1024)}` }));
    expect([huge.code, huge.data]).to.deep.equal([-32602, undefined]);
    expect(huge.message).to.contain('URI too long').and.contain('8192');
    const tool = await refusal(client.callTool({ name: 'n'.repeat(70 * 1024), arguments: {} }));
    expect(tool.message.length).to.be.below(BOUND + 200);
    expect((await client.readResource({ uri: 'http26://static' })).contents).to.have.length(1);
  });

  it('2026 (raw POST): malformed URIs get 200 with -32602, a 10 KB one a bounded answer', async () => {
    // Mcp-Name mirrors the URI, and node:http refuses headers over 16 KB: 10 KB is the largest to try.
    for (const uri of ['', 'a b', `http26://${'u'.repeat(10 * 1024)}`, `http26://${'u'.repeat(10 * 1024)} x`]) {
      const body = { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri, _meta: ENVELOPE } };
      const nameHeader = /^[\x21-\x7e]*$/.test(uri) && uri !== '' ? uri : `=?base64?${Buffer.from(uri).toString('base64')}?=`;
      const res = await post(url, body, { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'resources/read', 'mcp-name': nameHeader });
      const text = await res.text();
      expect(res.status, text).to.equal(200);
      expect(text.length, `${uri.length}-char URI`).to.be.below(2 * BOUND + 600);
      expect(checkServerMessage(JSON.parse(text), body)).to.deep.equal([]);
      const error = (JSON.parse(text) as { error: { code: number; message: string } }).error;
      expect(error.code).to.equal(-32602);
      if (uri.length > 8192) expect(error.message).to.contain('URI too long');
    }
  });

  it('2025 and 2026 (raw POST): an empty method is an invalid request (-32600), not an unknown method', async () => {
    const sessionId = await openSession(url);
    const requests: [object, Record<string, string>][] = [
      [{ jsonrpc: '2.0', id: 7, method: '' }, sessionHeaders(sessionId)],
      [{ jsonrpc: '2.0', id: 7, method: '', params: { _meta: ENVELOPE } }, { 'mcp-protocol-version': '2026-07-28' }],
    ];
    for (const [request, headers] of requests) {
      const body = (await (await post(url, request, headers)).json()) as { id: unknown; error: { code: number; message: string } };
      expect(checkServerMessage(body, request)).to.deep.equal([]);
      expect([body.id, body.error.code]).to.deep.equal([7, -32600]);
      expect(body.error.message).to.contain('"method" must not be empty');
    }
  });
});
