import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Armature } from '@armature/core';
import { addEnvelopeRevision } from '@armature/core/internal';
import { createApp2026 } from './support/app-2026';
import { FAKE_MARK, FAKE_REVISION, FAKE_VERSION, fakeWireCode } from '@armature/transport-fixtures';
import { openSession, post, sessionHeaders } from './support/raw-http';
import { headersFor2026, request2026, V2026 } from './support/raw-2026';
import { Opened } from './support/servers';

const PV = 'io.modelcontextprotocol/protocolVersion';

type Answer = { status: number; body: { id?: unknown; result?: Record<string, unknown>; error?: { code: number; message: string } } };

/** POSTs with raw fetch and reads the one JSON-RPC answer (a JSON body, or the last `data:` of an SSE stream). */
async function send(url: string, body: unknown, headers: Record<string, string>): Promise<Answer> {
  const res = await post(url, body, headers);
  const text = await res.text();
  const json = (res.headers.get('content-type') ?? '').startsWith('text/event-stream')
    ? (text
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .pop()
        ?.slice(6) ?? '')
    : text;
  return { status: res.status, body: JSON.parse(json) as Answer['body'] };
}

/** A request of the fake revision: the 2026 envelope naming its version, and the headers naming it. */
function fakeRequest(id: number, method: string, params: Record<string, unknown> = {}): { body: unknown; headers: Record<string, string> } {
  const body = request2026(id, method, params);
  (body.params as { _meta: Record<string, unknown> })._meta[PV] = FAKE_VERSION;
  return { body, headers: { ...headersFor2026(body), 'mcp-protocol-version': FAKE_VERSION } };
}

describe('a third revision is one object: a test-only fake revision over Streamable HTTP', () => {
  const opened = new Opened();
  let app: Armature;
  let url: string;
  let removeFake: () => void;

  beforeEach(async () => {
    removeFake = addEnvelopeRevision(FAKE_REVISION);
    app = await createApp2026();
    url = (await opened.listen(app, { host: '127.0.0.1', port: 0 })).url;
  });
  afterEach(async () => {
    removeFake();
    await opened.closeAll();
    await app.close();
  });

  it('serves tools/call of a @Tool method under the fake revision (transport → kernel → revision → handler)', async () => {
    const { body, headers } = fakeRequest(1, 'tools/call', { name: 'echo', arguments: { text: 'from 2099' } });
    const answer = await send(url, body, headers);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(answer.body.id).to.equal(1);
    expect(answer.body.result?.content).to.deep.equal([{ type: 'text', text: 'from 2099' }]);
    // The fake revision's `decorate` shaped the result: no 2026 `resultType`, its own mark instead.
    expect(answer.body.result?._meta).to.deep.include({ [FAKE_MARK]: FAKE_VERSION });
    expect(answer.body.result).not.to.have.property('resultType');
  });

  it('numbers errors with the fake revision’s numbering, and takes its HTTP status from it', async () => {
    const unknown = fakeRequest(2, 'no/such/method');
    const missing = await send(url, unknown.body, unknown.headers);
    expect(missing.status).to.equal(404);
    expect(missing.body.error?.code).to.equal(fakeWireCode(-32601)).and.to.equal(-39601);

    const badTool = fakeRequest(3, 'tools/call', { name: 'no-such-tool', arguments: {} });
    const refused = await send(url, badTool.body, badTool.headers);
    expect(refused.body.error?.code, JSON.stringify(refused.body)).to.be.lessThan(-39000);
    expect(refused.body.id).to.equal(3);
  });

  it('the fake revision’s envelope must name its version: the 2026 kernel answers a 2099 header over a 2026 envelope -32020', async () => {
    const body = request2026(4, 'tools/call', { name: 'echo', arguments: { text: 'x' } });
    const answer = await send(url, body, { ...headersFor2026(body), 'mcp-protocol-version': FAKE_VERSION });
    expect(answer.status).to.equal(400);
    expect(answer.body.error?.code).to.equal(-32020);
  });

  it('the two real revisions still answer on the same endpoint', async () => {
    const call2026 = request2026(5, 'tools/call', { name: 'echo', arguments: { text: 'from 2026' } });
    const answer2026 = await send(url, call2026, headersFor2026(call2026));
    expect(answer2026.status, JSON.stringify(answer2026.body)).to.equal(200);
    expect(answer2026.body.result).to.deep.include({ content: [{ type: 'text', text: 'from 2026' }], resultType: 'complete' });
    expect(answer2026.body.result?._meta ?? {}).not.to.have.property(FAKE_MARK);
    const unknown2026 = await send(url, request2026(6, 'no/such/method'), {
      'mcp-protocol-version': V2026,
      'mcp-method': 'no/such/method',
    });
    expect(unknown2026.body.error?.code).to.equal(-32601);

    const sessionId = await openSession(url);
    const call2025 = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo', arguments: { text: 'from 2025' } } };
    const answer2025 = await send(url, call2025, sessionHeaders(sessionId));
    expect(answer2025.status, JSON.stringify(answer2025.body)).to.equal(200);
    expect(answer2025.body.result?.content).to.deep.equal([{ type: 'text', text: 'from 2025' }]);
    expect(answer2025.body.result).not.to.have.property('resultType');
  });

  it('once removed, the fake revision’s version is unsupported again (-32022)', async () => {
    removeFake();
    const { body, headers } = fakeRequest(8, 'tools/call', { name: 'echo', arguments: { text: 'x' } });
    const answer = await send(url, body, headers);
    expect(answer.body.error?.code, JSON.stringify(answer.body)).to.equal(-32022);
  });

  it('is advertised while added: server/discover, -32022’s data.supported and the server card list its version, and drop it once removed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'armature-fake-card-'));
    try {
      fs.writeFileSync(path.join(dir, 'server.json'), JSON.stringify({ name: 'io.example/fake', version: '1.0.0', description: 'x' }));
      const carded = await opened.listen(app, {
        host: '127.0.0.1',
        port: 0,
        experimentalServerCard: { serverJson: path.join(dir, 'server.json') },
      });
      const advertised = async (): Promise<{ discover: unknown; supported: unknown; card: unknown; etag: string | null }> => {
        const discover = request2026(9, 'server/discover');
        const discovered = await send(url, discover, headersFor2026(discover));
        const unknown = request2026(10, 'tools/call', { name: 'echo', arguments: { text: 'x' } }, {}, { [PV]: '1999-01-01' });
        const refused = await send(url, unknown, { ...headersFor2026(unknown), 'mcp-protocol-version': '1999-01-01' });
        expect(refused.body.error?.code, JSON.stringify(refused.body)).to.equal(-32022);
        const response = await fetch(`${carded.url}/server-card`);
        const card = (await response.json()) as { remotes: { supportedProtocolVersions: string[] }[] };
        return {
          discover: discovered.body.result?.supportedVersions,
          supported: (refused.body.error as { data?: { supported?: unknown } }).data?.supported,
          card: card.remotes[0]?.supportedProtocolVersions,
          etag: response.headers.get('etag'),
        };
      };
      const added = await advertised();
      expect(added.discover).to.include.members([FAKE_VERSION, V2026]);
      expect(added.supported).to.deep.equal([FAKE_VERSION, V2026]);
      expect(added.card).to.include.members([FAKE_VERSION, V2026]);
      removeFake();
      const removed = await advertised();
      expect(removed.discover).to.include(V2026).and.not.to.include(FAKE_VERSION);
      expect(removed.supported).to.deep.equal([V2026]);
      expect(removed.card).to.include(V2026).and.not.to.include(FAKE_VERSION);
      expect(removed.etag, 'the card changed, so its ETag did').not.to.equal(added.etag);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
