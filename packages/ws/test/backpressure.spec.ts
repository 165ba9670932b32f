import { expect } from 'chai';
import type { Transport } from '@armature/core';
import type { ConnectableApp } from '@armature/core/internal';
import { listenWs } from '../src';
import { deferred, within } from '@armature/transport-fixtures';
import { closed, openRaw } from './support/raw-client';

describe('WebSocketServerTransport backpressure', () => {
  it('delivers every message in order when send() waits for the socket to drain', async () => {
    const connected = deferred<Transport>();
    const app: ConnectableApp = {
      async connect(transport) {
        await transport.start();
        connected.resolve(transport);
        return { close: () => transport.close() };
      },
    };
    // highWaterMark 0: every send() with anything queued waits for its frame to be flushed.
    const handle = await listenWs(app, { port: 0, highWaterMark: 0 });
    try {
      const socket = await openRaw(handle.url);
      const received: number[] = [];
      const all = deferred();
      socket.on('message', (data) => {
        received.push((JSON.parse(String(data)) as { params: { n: number } }).params.n);
        if (received.length === 200) all.resolve();
      });
      const transport = await within(connected.promise, 'the session');
      const padding = 'x'.repeat(64 * 1024);
      for (let n = 0; n < 200; n++) {
        await within(transport.send({ jsonrpc: '2.0', method: 'notifications/message', params: { n, padding } }), `send #${n}`);
      }
      await within(all.promise, 'all 200 messages');
      expect(received).to.deep.equal([...Array(200).keys()]);
      socket.close();
      await closed(socket);
    } finally {
      await handle.close();
    }
  });
});
