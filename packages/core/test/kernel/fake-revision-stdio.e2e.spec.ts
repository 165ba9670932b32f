import * as path from 'node:path';
import { expect } from 'chai';
import { FAKE_MARK, FAKE_VERSION, fakeWireCode, withFakeEnvelope } from '@armature/transport-fixtures';
import { AppChild, type ChildMessage } from '../hostile/support/app-child';
import { META, PROTOCOL_2026 } from '../../src/kernel/revision-2026';
import { envelope, with2026 } from './support/peer-2026';

const FIXTURE = path.join(__dirname, 'support/fake-revision-app.fixture.js');

/**
 * The test-only fake revision ("2099-01-01", added with `addEnvelopeRevision` in the child) over
 * stdio: the connection hands an envelope request to the app's request kernel, whose `dispatch`
 * chooses the revision the envelope names, as over HTTP and WebSocket.
 */
describe('a third revision is one object: the fake revision over stdio (real child process)', function () {
  this.timeout(20_000);
  let child: AppChild;

  async function request(method: string, params: Record<string, unknown>, id: string): Promise<ChildMessage> {
    const from = child.messages.length;
    child.send({ jsonrpc: '2.0', id, method, params });
    return child.next((m) => m.id === id && m.method === undefined, `response to ${method} #${id}`, from);
  }

  before(async () => {
    child = AppChild.spawn(FIXTURE);
    await child.stderrContains('fixture: listening');
  });
  after(async () => {
    await child.stop();
  });

  it('answers tools/call under the fake revision (its decoration, its error numbering) beside 2026-07-28', async () => {
    const call = await request('tools/call', withFakeEnvelope({ name: 'echo', arguments: { text: 'from 2099' } }), 'f1');
    expect(call.error, JSON.stringify(call)).to.equal(undefined);
    expect(call.result?.content).to.deep.equal([{ type: 'text', text: 'from 2099' }]);
    expect(call.result?._meta).to.deep.include({ [FAKE_MARK]: FAKE_VERSION });
    expect(call.result).not.to.have.property('resultType');
    const unknown = await request('no/such/method', withFakeEnvelope(), 'f2');
    expect(unknown.error?.code).to.equal(fakeWireCode(-32601));
    const call2026 = await request('tools/call', with2026({ name: 'echo', arguments: { text: 'from 2026' } }), 'f3');
    expect(call2026.result).to.deep.include({ content: [{ type: 'text', text: 'from 2026' }], resultType: 'complete' });
  });

  it('is advertised by server/discover and -32022 while added, and unsupported once removed', async () => {
    const discover = await request('server/discover', with2026(), 'd1');
    expect(discover.result?.supportedVersions).to.include.members([FAKE_VERSION, PROTOCOL_2026]);
    const refused = await request('tools/list', { _meta: { ...envelope(), [META.protocolVersion]: '1999-01-01' } }, 'v1');
    expect(refused.error?.data).to.deep.include({ supported: [FAKE_VERSION, PROTOCOL_2026] });

    const dropped = await request('tools/call', with2026({ name: 'drop-fake-revision', arguments: {} }), 'r1');
    expect(dropped.result?.content).to.deep.equal([{ type: 'text', text: 'removed' }]);
    const gone = await request('tools/call', withFakeEnvelope({ name: 'echo', arguments: { text: 'x' } }), 'f4');
    expect(gone.error?.code, JSON.stringify(gone)).to.equal(-32022);
    expect(gone.error?.data).to.deep.include({ supported: [PROTOCOL_2026] });
    const rediscovered = await request('server/discover', with2026(), 'd2');
    expect(rediscovered.result?.supportedVersions).to.include(PROTOCOL_2026).and.not.to.include(FAKE_VERSION);
  });
});
