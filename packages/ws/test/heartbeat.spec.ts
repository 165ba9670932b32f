import { expect } from 'chai';
import { listenWs, type WsServerHandle } from '../src';
import { within } from '@armature/transport-fixtures';
import { closed, openRaw } from './support/raw-client';
import { sdkApp, type SdkApp } from './support/sdk-app';

describe('Heartbeat', () => {
  let app: SdkApp;
  let handle: WsServerHandle;

  beforeEach(async () => {
    app = sdkApp();
    handle = await listenWs(app, { port: 0, heartbeatIntervalMs: 40 });
  });

  afterEach(async () => {
    await handle.close();
  });

  it('terminates a peer that stops answering pings', async () => {
    // autoPong: false makes this client a dead peer: it receives pings but never answers.
    const socket = await openRaw(handle.url, { autoPong: false });
    const seen = closed(socket);
    // 1006: the server dropped the TCP connection without a closing handshake.
    expect((await seen).code).to.equal(1006);
    await within(app.firstSessionEnded, 'the session to end');
    expect(handle.gateway.connectionCount).to.equal(0);
  });

  it('keeps a peer that answers its pings', async () => {
    const socket = await openRaw(handle.url);
    let pings = 0;
    await within(new Promise<void>((resolve) => socket.on('ping', () => ++pings === 3 && resolve())), 'three pings');
    // Three pings means at least two liveness checks were passed.
    expect(socket.readyState).to.equal(socket.OPEN);
    expect(handle.gateway.connectionCount).to.equal(1);
    socket.close();
    await closed(socket);
  });
});
