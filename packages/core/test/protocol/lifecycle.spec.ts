import { expect } from 'chai';
import { RawPeer } from '../support/connect';
import { createFixtureFeatures } from '../support/fixture-features';

const CLIENT_INFO = { name: 'raw', version: '1' };

describe('ServerSession lifecycle', () => {
  let peer: RawPeer;

  afterEach(async () => {
    await peer.close();
  });

  for (const version of ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']) {
    it(`answers a client asking for ${version} with ${version}`, async () => {
      peer = await RawPeer.open(createFixtureFeatures());
      const result = await peer.initialize({}, version);
      expect(result.protocolVersion).to.equal(version);
      expect(peer.session.info.protocolVersion).to.equal(version);
    });
  }

  it('answers an unsupported version with its latest', async () => {
    peer = await RawPeer.open(createFixtureFeatures());
    const result = await peer.initialize({}, '1999-01-01');
    expect(result.protocolVersion).to.equal('2025-11-25');
  });

  it('includes instructions and serverInfo in the initialize result', async () => {
    peer = await RawPeer.open(createFixtureFeatures(), {
      instructions: 'Use echo.',
      serverInfo: { name: 'n', version: '2', title: 'Nice' },
    });
    const result = await peer.initialize();
    expect(result.instructions).to.equal('Use echo.');
    expect(result.serverInfo).to.deep.equal({ name: 'n', version: '2', title: 'Nice' });
  });

  it('refuses requests before initialize with -32600 but answers ping', async () => {
    peer = await RawPeer.open(createFixtureFeatures());
    const refused = await peer.request('tools/list', undefined, 1);
    expect(refused.error?.code).to.equal(-32600);
    expect(refused.error?.message).to.match(/not initialized/);
    const pong = await peer.request('ping', undefined, 2);
    expect(pong.result).to.deep.equal({});
    await peer.initialize();
    const listed = await peer.request('tools/list', undefined, 3);
    expect(listed.result?.tools).to.be.an('array');
  });

  it('refuses a second initialize with -32600 and keeps the first session', async () => {
    peer = await RawPeer.open(createFixtureFeatures());
    await peer.initialize({}, '2025-06-18');
    const again = await peer.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: CLIENT_INFO }, 'again');
    expect(again.error?.code).to.equal(-32600);
    expect(again.error?.message).to.match(/already initialized/);
    expect(peer.session.info.protocolVersion).to.equal('2025-06-18');
  });

  it('answers a malformed initialize with -32602 and stays uninitialized', async () => {
    peer = await RawPeer.open(createFixtureFeatures());
    for (const params of [
      {},
      { protocolVersion: 5, capabilities: {}, clientInfo: CLIENT_INFO },
      { protocolVersion: '2025-11-25', capabilities: [], clientInfo: CLIENT_INFO },
      { protocolVersion: '2025-11-25', capabilities: {} },
    ]) {
      const response = await peer.request('initialize', params, JSON.stringify(params));
      expect(response.error?.code, JSON.stringify(params)).to.equal(-32602);
    }
    expect((await peer.request('tools/list', undefined, 'x')).error?.code).to.equal(-32600);
    await peer.initialize();
  });

  it('sends no list_changed or resources/updated before notifications/initialized', async () => {
    peer = await RawPeer.open(createFixtureFeatures());
    await peer.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: CLIENT_INFO }, 1);
    await peer.request('resources/subscribe', { uri: 'fixture://static' }, 2);
    await peer.session.notifyListChanged('tools');
    await peer.session.notifyResourceUpdated('fixture://static');
    await peer.request('ping', undefined, 3);
    expect(peer.received.filter((m) => 'method' in m)).to.have.length(0);
    await peer.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await peer.session.notifyListChanged('tools');
    await peer.next((m) => (m as { method?: string }).method === 'notifications/tools/list_changed', 'list_changed');
  });

  it('runs openSession once and disposes the scope when the transport closes', async () => {
    const features = createFixtureFeatures();
    peer = await RawPeer.open(features);
    await peer.initialize();
    expect(features.probe.sessions).to.have.length(1);
    let closed = 0;
    peer.session.onclose = () => closed++;
    await peer.close();
    expect(features.probe.disposedScopes).to.equal(1);
    expect(closed).to.equal(1);
    await peer.session.close();
    expect(features.probe.disposedScopes).to.equal(1);
  });

  it('starts ready with assumeInitialized (stateless HTTP) and opens the scope at start', async () => {
    const features = createFixtureFeatures();
    peer = await RawPeer.open(features, { assumeInitialized: { protocolVersion: '2025-06-18', clientCapabilities: { roots: {} } } });
    expect(features.probe.sessions).to.have.length(1);
    expect(peer.session.info.protocolVersion).to.equal('2025-06-18');
    const listed = await peer.request('tools/list', undefined, 1);
    expect(listed.result?.tools).to.be.an('array');
  });
});
