import 'reflect-metadata';
import { expect } from 'chai';
import { Injectable, Module } from '@armature/di';
import { Armature, RequestContext, Tool } from '@armature/core';
import { listenWs, type WsServerHandle } from '../../src';
import { WsPeer } from './ws-peer';

const SOCKETS = 200;
const probe = { running: 0, started: 0 };

@Injectable()
class StreamingHandlers {
  /** Reports progress every 10 ms until its signal aborts. */
  @Tool()
  async stream(ctx: RequestContext): Promise<string> {
    probe.started++;
    probe.running++;
    try {
      for (let step = 1; !ctx.signal.aborted && step < 10_000; step++) {
        await ctx.progress(step);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return 'ended';
    } finally {
      probe.running--;
    }
  }

  @Tool()
  hello(): string {
    return 'hello';
  }
}

@Module({ handlers: [StreamingHandlers] })
class StreamingModule {}

/**
 * Issue 16: 200 WebSocket connections terminated while a call streams progress to them. No
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
    app = await Armature.create(StreamingModule, { name: 'ws-destroy', version: '1.0.0', logger: { error: () => undefined, warn: () => undefined, debug: () => undefined } });
    handle = await listenWs(app, { port: 0 });
  });
  after(async () => {
    process.off('unhandledRejection', onRejection);
    await handle.close(0);
    await app.close({ drainMs: 0 });
  });

  async function dropMidStream(n: number): Promise<void> {
    const peer = await WsPeer.open(handle.url);
    await peer.initialize();
    peer.start('tools/call', { name: 'stream', arguments: {}, _meta: { progressToken: n } }, n);
    await peer.until(() => peer.messages.some((m) => m.method === 'notifications/progress'), `progress on connection ${n}`);
    peer.socket.terminate();
  }

  it('aborts the work of each dropped connection, raises no unhandled rejection, and still serves', async () => {
    for (let batch = 0; batch < SOCKETS; batch += 50) {
      await Promise.all(Array.from({ length: 50 }, (_, i) => dropMidStream(batch + i)));
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
