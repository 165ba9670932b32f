import 'reflect-metadata';
import { expect } from 'chai';
import { Injectable, Module } from '@armature/di';
import { Armature, Tool } from '@armature/core';
import { listenWs } from '../../src';
import { within } from '@armature/transport-fixtures';
import { inbox, initializeRequest, openRaw } from '../support/raw-client';

@Injectable()
class BigAnswers {
  @Tool({ inputSchema: { type: 'object', properties: { size: { type: 'integer', minimum: 1, maximum: 2000000 } } } })
  big(args: { size?: number }): string {
    return 'x'.repeat(args.size ?? 1000);
  }
}

@Module({ handlers: [BigAnswers] })
class BigAnswersModule {}

type Line = { level: string; message: string; detail: unknown };

/** A client dropping its connection is a short debug line, never a warn with a stack. */
describe('a WebSocket client dropping its connection', () => {
  it('logs one short debug line, no warning and no stack, while the server keeps serving', async () => {
    const lines: Line[] = [];
    const logger = {
      error: (message: string, detail?: unknown) => lines.push({ level: 'error', message, detail }),
      warn: (message: string, detail?: unknown) => lines.push({ level: 'warn', message, detail }),
      debug: (message: string, detail?: unknown) => lines.push({ level: 'debug', message, detail }),
    };
    const app = await Armature.create(BigAnswersModule, { name: 'ws-drop', version: '1.0.0', logger });
    const handle = await listenWs(app, { port: 0, logger });
    try {
      for (let round = 0; round < 3; round++) {
        const socket = await openRaw(handle.url);
        const next = inbox(socket);
        socket.send(JSON.stringify(initializeRequest));
        await next();
        socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
        // 30 answers of 250 kB (under the send-buffer cap): the server is still writing when the client resets.
        for (let id = 10; id < 40; id++)
          socket.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'big', arguments: { size: 250_000 } } }));
        await next();
        (socket as unknown as { _socket: { resetAndDestroy(): void } })._socket.resetAndDestroy();
        await within(new Promise<void>((resolve) => socket.once('close', () => resolve())), 'the client socket to close');
      }
      // Every dropped session is gone on the server, and it still serves a new client.
      await within(
        (async () => {
          while (handle.gateway.connectionCount > 0) await new Promise((resolve) => setTimeout(resolve, 10));
        })(),
        'the dropped sessions to end',
      );
      const socket = await openRaw(handle.url);
      const next = inbox(socket);
      socket.send(JSON.stringify(initializeRequest));
      expect(await next()).to.have.nested.property('result.serverInfo.name', 'ws-drop');
      socket.close();
      expect(
        lines.filter((line) => line.level !== 'debug'),
        'warnings or errors',
      ).to.deep.equal([]);
      const debug = lines.filter((line) => line.message.includes('dropped the connection'));
      expect(debug.length, 'a debug line per dropped client').to.be.within(1, 3);
      for (const line of debug) {
        expect(line.detail).to.equal(undefined);
        expect(line.message).to.not.include('\n');
      }
    } finally {
      await handle.close(0);
      await app.close({ drainMs: 0 });
    }
  });
});
