import { expect } from 'chai';
import type { WebSocket } from 'ws';
import type { Armature } from '@armature/core';
import { addEnvelopeRevision } from '@armature/core/internal';
import {
  createFixtureApp,
  FAKE_MARK,
  FAKE_REVISION,
  FAKE_VERSION,
  fakeWireCode,
  within,
  withFakeEnvelope,
} from '@armature/transport-fixtures';
import { listenWs, type WsServerHandle } from '../src';
import { inbox, openRaw } from './support/raw-client';

const V2026 = '2026-07-28';
const PV = 'io.modelcontextprotocol/protocolVersion';
const CAPS = 'io.modelcontextprotocol/clientCapabilities';

type Answer = {
  id?: unknown;
  result?: Record<string, unknown> & { _meta?: Record<string, unknown> };
  error?: { code: number; message: string; data?: Record<string, unknown> };
};

/** `params` with the 2026 envelope naming `version`. */
function withEnvelope(params: Record<string, unknown>, version = V2026): Record<string, unknown> {
  return { ...params, _meta: { [PV]: version, [CAPS]: {} } };
}

/**
 * The test-only fake revision ("2099-01-01", added with `addEnvelopeRevision`) over a real
 * WebSocket: the connection hands an envelope request to the app's request kernel, whose
 * `dispatch` chooses the revision the envelope names, as over HTTP.
 */
describe('a third revision is one object: the fake revision over WebSocket', () => {
  let app: Armature;
  let handle: WsServerHandle;
  let socket: WebSocket | undefined;
  let next: () => Promise<Record<string, unknown>>;
  let removeFake: () => void;

  beforeEach(async () => {
    removeFake = addEnvelopeRevision(FAKE_REVISION);
    app = await createFixtureApp('ws-fake-revision');
    handle = await listenWs(app, { host: '127.0.0.1', port: 0 });
    socket = await openRaw(handle.url);
    next = inbox(socket);
  });

  afterEach(async () => {
    removeFake();
    try {
      socket?.close();
      socket = undefined;
      await within(handle.close(0), 'the WebSocket server to close');
    } finally {
      await within(app.close({ drainMs: 0 }), 'the app to close');
    }
  });

  /** Sends one request on the socket and reads its answer (nothing else is in flight). */
  async function request(id: number, method: string, params: Record<string, unknown>): Promise<Answer> {
    socket?.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    for (;;) {
      const message = (await next()) as Answer;
      if (message.id === id) return message;
    }
  }

  it('answers tools/call under the fake revision: its decoration, its error numbering', async () => {
    const call = await request(1, 'tools/call', withFakeEnvelope({ name: 'echo', arguments: { text: 'from 2099' } }));
    expect(call.error, JSON.stringify(call)).to.equal(undefined);
    expect(call.result?.content).to.deep.equal([{ type: 'text', text: 'from 2099' }]);
    expect(call.result?._meta).to.deep.include({ [FAKE_MARK]: FAKE_VERSION });
    expect(call.result).not.to.have.property('resultType');

    const unknown = await request(2, 'no/such/method', withFakeEnvelope());
    expect(unknown.error?.code).to.equal(fakeWireCode(-32601)).and.to.equal(-39601);

    // The same connection still speaks 2026-07-28 to a request that names it.
    const call2026 = await request(3, 'tools/call', withEnvelope({ name: 'echo', arguments: { text: 'from 2026' } }));
    expect(call2026.result).to.deep.include({ content: [{ type: 'text', text: 'from 2026' }], resultType: 'complete' });
  });

  it('is advertised by server/discover and -32022 while added, and unsupported once removed', async () => {
    const discover = await request(4, 'server/discover', withEnvelope({}));
    expect(discover.result?.supportedVersions).to.include.members([FAKE_VERSION, V2026]);
    const refused = await request(5, 'tools/call', withEnvelope({ name: 'echo', arguments: { text: 'x' } }, '1999-01-01'));
    expect(refused.error?.code).to.equal(-32022);
    expect(refused.error?.data?.supported).to.deep.equal([FAKE_VERSION, V2026]);

    removeFake();
    const gone = await request(6, 'tools/call', withFakeEnvelope({ name: 'echo', arguments: { text: 'x' } }));
    expect(gone.error?.code, JSON.stringify(gone)).to.equal(-32022);
    expect(gone.error?.data?.supported).to.deep.equal([V2026]);
    const rediscovered = await request(7, 'server/discover', withEnvelope({}));
    expect(rediscovered.result?.supportedVersions).to.include(V2026).and.not.to.include(FAKE_VERSION);
  });
});
