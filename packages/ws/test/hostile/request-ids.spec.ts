import 'reflect-metadata';
import { expect } from 'chai';
import { Injectable, Module } from '@armature/di';
import { Armature, Tool } from '@armature/core';
import { listenWs, type WsServerHandle } from '../../src';
import { WsPeer } from './ws-peer';

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'ws-ids', version: '1.0.0' },
};

@Injectable()
class IdHandlers {
  @Tool()
  hello(): string {
    return 'hello';
  }
}

@Module({ handlers: [IdHandlers] })
class IdModule {}

/**
 * Over WebSocket: ids that cannot be echoed faithfully are refused (-32600, no id), a
 * readable id survives a depth refusal; for a 2025 session and for 2026 envelope requests.
 */
describe('WebSocket: request ids the server cannot echo faithfully', function () {
  this.timeout(20_000);
  let app: Armature;
  let handle: WsServerHandle;

  before(async () => {
    app = await Armature.create(IdModule, {
      name: 'ws-ids',
      version: '1.0.0',
      logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
    });
    handle = await listenWs(app, { port: 0 });
  });
  after(async () => {
    await handle.close(0);
    await app.close({ drainMs: 0 });
  });

  for (const era of ['2025 session', '2026 request'] as const) {
    describe(era, () => {
      let peer: WsPeer;
      const params = era === '2026 request' ? JSON.stringify({ _meta: ENVELOPE }) : '{}';
      before(async () => {
        peer = await WsPeer.open(handle.url);
        if (era === '2025 session') await peer.initialize();
      });
      after(() => peer.close());

      async function idlessAnswerTo(frame: string): Promise<string> {
        const from = peer.raw.length;
        peer.send(frame);
        await peer.until(() => peer.raw.length > from, 'an answer');
        return peer.raw[from] as string;
      }

      async function stillServes(id: string): Promise<void> {
        peer.send(`{"jsonrpc":"2.0","id":"${id}","method":"tools/list","params":${params}}`);
        expect((await peer.responseTo(id)).result?.tools).to.have.length(1);
      }

      it('refuses 2^53 + 1, -(2^53 + 1) and a fraction that rounds to an integer with -32600 and no id', async () => {
        for (const id of ['9007199254740993', '-9007199254740993', '4503599627370497.5']) {
          const raw = await idlessAnswerTo(`{"jsonrpc":"2.0","id":${id},"method":"tools/list","params":${params}}`);
          const reply = JSON.parse(raw) as { error?: { code: number } };
          expect(reply.error?.code, raw).to.equal(-32600);
          expect(raw).to.not.contain('"id"');
        }
        await stillServes('after-big');
      });

      it('refuses a string id over 256 characters without echoing it', async () => {
        const raw = await idlessAnswerTo(`{"jsonrpc":"2.0","id":"${'i'.repeat(300)}","method":"tools/list","params":${params}}`);
        expect((JSON.parse(raw) as { error: { code: number } }).error.code).to.equal(-32600);
        expect(raw).to.not.contain('iiii');
        await stillServes('after-long');
      });

      it('answers params nested 100 deep with -32600 carrying the id', async () => {
        peer.send(`{"jsonrpc":"2.0","id":"deep","method":"tools/list","params":${'{"a":'.repeat(100)}1${'}'.repeat(100)}}`);
        expect((await peer.responseTo('deep')).error?.code).to.equal(-32600);
        await stillServes('after-deep');
      });
    });
  }
});
