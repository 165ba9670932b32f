import { expect } from 'chai';
import type { Socket } from 'node:net';
import type { Transport } from '@armature/core';
import type { JSONRPCMessage } from '@armature/core/wire/2025-11-25';
import type { ConnectableApp } from '@armature/core/internal';
import { silentLogger } from '@armature/core';
import { DEFAULT_MAX_BUFFERED_BYTES, listenWs } from '../src';
import { deferred, within } from '@armature/transport-fixtures';
import { closed, openRaw } from './support/raw-client';

/** A peer that never reads must not make the server buffer without bound. */
describe('WebSocket send-buffer cap', () => {
  it('closes with 1008 once more than maxBufferedBytes are queued for a peer that does not read', async () => {
    const connected = deferred<Transport>();
    const ended = deferred();
    const app: ConnectableApp = {
      async connect(transport) {
        transport.onclose = () => ended.resolve();
        await transport.start();
        connected.resolve(transport);
        return { close: () => transport.close() };
      },
    };
    const cap = 1024 * 1024;
    const handle = await listenWs(app, { port: 0, highWaterMark: 64 * 1024, maxBufferedBytes: cap, logger: silentLogger });
    try {
      const socket = await openRaw(handle.url);
      // The client stops reading: its TCP socket is paused, so the kernel buffers fill and
      // the server's queue grows.
      const tcp = (socket as unknown as { _socket: Socket })._socket;
      tcp.pause();
      let received = 0;
      socket.on('message', () => received++);
      const seen = closed(socket);
      const transport = await within(connected.promise, 'the session');
      const server = (transport as unknown as { socket: { bufferedAmount: number; readyState: number } }).socket;
      const message: JSONRPCMessage = {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: 'info', data: 'x'.repeat(64 * 1024) },
      };
      let sent = 0;
      let peak = 0;
      // 64 MiB at most, far above the cap plus whatever the loopback kernel buffers hold.
      for (; sent < 1024 && server.readyState === 1; sent++) {
        // Not awaited: a session answering many requests at once does not wait either.
        void transport.send(message).catch(() => undefined);
        peak = Math.max(peak, server.bufferedAmount);
        if (sent % 16 === 15) await new Promise((resolve) => setImmediate(resolve));
      }
      expect(server.readyState, 'the server gave up on the peer').to.not.equal(1);
      expect(sent).to.be.below(1024);
      // Never more than the cap plus the one message that crossed it (plus framing).
      expect(peak).to.be.at.most(cap + 2 * 64 * 1024);
      tcp.resume();
      const { code, reason } = await seen;
      expect(code).to.equal(1008);
      expect(reason).to.match(/not reading/);
      expect(received).to.be.below(sent);
      await within(ended.promise, 'the session to end');
      expect(handle.gateway.connectionCount).to.equal(0);
    } finally {
      await handle.close();
    }
  });

  it('defaults to 16 MiB and refuses a cap below the high-water mark', async () => {
    expect(DEFAULT_MAX_BUFFERED_BYTES).to.equal(16 * 1024 * 1024);
    const handle = await listenWs({ connect: () => Promise.reject(new Error('unused')) }, { port: 0 });
    try {
      expect(handle.gateway.options.maxBufferedBytes).to.equal(DEFAULT_MAX_BUFFERED_BYTES);
    } finally {
      await handle.close();
    }
    let error: unknown;
    try {
      await listenWs({ connect: () => Promise.reject(new Error('unused')) }, { port: 0, highWaterMark: 2048, maxBufferedBytes: 1024 });
    } catch (caught) {
      error = caught;
    }
    expect(error).to.be.instanceOf(RangeError);
  });
});
