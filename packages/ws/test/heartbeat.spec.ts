import { expect } from 'chai';
import { DEFAULT_HEARTBEAT_INTERVAL_MS, listenWs, type WsServerHandle } from '../src';
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

  it('terminates a silent peer at the ping after the one it missed', async () => {
    // The peer is pinged once, answers nothing, and is gone at the next tick: it sees one ping
    // (two at most, if it joined just before a tick), so the bound is 2 × the interval.
    const socket = await openRaw(handle.url, { autoPong: false });
    let pings = 0;
    socket.on('ping', () => pings++);
    expect((await closed(socket)).code).to.equal(1006);
    expect(pings).to.be.within(1, 2);
  });

  it('drops a silent peer within 30 s by default (one survived 35 s with a 30 s interval)', async () => {
    const defaults = await listenWs(sdkApp(), { port: 0 });
    try {
      expect(defaults.gateway.options.heartbeatIntervalMs).to.equal(DEFAULT_HEARTBEAT_INTERVAL_MS);
      expect(2 * defaults.gateway.options.heartbeatIntervalMs).to.be.at.most(30_000);
    } finally {
      await defaults.close();
    }
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
