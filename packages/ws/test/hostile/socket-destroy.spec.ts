import { expect } from 'chai';
import type { Armature } from '@armature/core';
import { listenWs, type WsServerHandle } from '../../src';
import { createStreamingApp, dropMidStream, streamProbe as probe } from './mid-stream';
import { WsPeer } from './ws-peer';

const SOCKETS = 200;

/**
 * 200 WebSocket connections terminated while a call streams progress to them. No
 * unhandled rejection, every call's work is aborted, and the server keeps serving.
 */
describe('WebSocket: 200 sockets destroyed mid-message stream', function () {
  this.timeout(60_000);
  let app: Armature;
  let handle: WsServerHandle;
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown): void => void rejections.push(reason);

  before(async () => {
    process.on('unhandledRejection', onRejection);
    app = await createStreamingApp();
    handle = await listenWs(app, { port: 0 });
  });
  after(async () => {
    process.off('unhandledRejection', onRejection);
    await handle.close(0);
    await app.close({ drainMs: 0 });
  });

  it('aborts the work of each dropped connection, raises no unhandled rejection, and still serves', async () => {
    for (let batch = 0; batch < SOCKETS; batch += 50) {
      await Promise.all(Array.from({ length: 50 }, (_, i) => dropMidStream(handle.url, batch + i)));
    }
    const deadline = Date.now() + 10_000;
    while (probe.running > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(probe.started).to.equal(SOCKETS);
    expect(probe.running, 'calls still running').to.equal(0);
    const peer = await WsPeer.open(handle.url);
    await peer.initialize();
    expect((await peer.call('hello', {}, 'after')).result?.content?.[0]?.text).to.equal('hello');
    peer.close();
    await new Promise((resolve) => setImmediate(resolve));
    expect(rejections).to.deep.equal([]);
  });
});
