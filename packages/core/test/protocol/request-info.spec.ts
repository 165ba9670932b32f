import 'reflect-metadata';
import { expect } from 'chai';
import { Module } from '@armature/di';
import { Armature, RequestContext, Tool } from '../../src';
import { isTransportRequestInfo, withoutCredentials, type TransportRequestInfo } from '../../src/context/request-info';
import type { ServerFeatures } from '../../src/protocol/server-features';
import { RawPeer } from '../support/connect';
import { Peer2026, textOf, with2026 } from '../kernel/support/peer-2026';

const INFO: TransportRequestInfo = Object.freeze({
  transport: 'http',
  method: 'POST',
  path: '/mcp',
  headers: withoutCredentials({ 'x-tenant-id': 'acme', authorization: 'Bearer t', cookie: 'sid=1' }),
  remoteAddress: '127.0.0.1',
});

function recording(seen: { ctx?: RequestContext }): ServerFeatures {
  return {
    tools: {
      list: () => [],
      call: (_name, _args, ctx) => {
        seen.ctx = ctx;
        return { content: [] };
      },
    },
  };
}

describe('ctx.requestInfo as the engine fills it', () => {
  it('withoutCredentials drops authorization, proxy-authorization and cookie, and freezes the copy', () => {
    const headers = withoutCredentials({
      authorization: 'Bearer x',
      'proxy-authorization': 'Basic y',
      cookie: 'a=b',
      'x-forwarded-for': '10.0.0.1',
      'set-cookie': ['a', 'b'],
    });
    expect(headers).to.deep.equal({ 'x-forwarded-for': '10.0.0.1', 'set-cookie': ['a', 'b'] });
    expect(Object.isFrozen(headers)).to.equal(true);
    expect(Object.isFrozen(headers['set-cookie'])).to.equal(true);
  });

  it('a 2025 session request carries the transport facts its message came with', async () => {
    const seen: { ctx?: RequestContext } = {};
    const peer = await RawPeer.open(recording(seen));
    try {
      await peer.initialize();
      await peer.send({ jsonrpc: '2.0', id: 'c1', method: 'tools/call', params: { name: 'x' } }, { requestInfo: INFO });
      await peer.next((m) => (m as { id?: unknown }).id === 'c1', 'call answer');
      expect(seen.ctx!.requestInfo).to.equal(INFO);
      expect(seen.ctx!.requestInfo!.headers).to.deep.equal({ 'x-tenant-id': 'acme' });
      await peer.send({ jsonrpc: '2.0', id: 'c2', method: 'tools/call', params: { name: 'x' } });
      await peer.next((m) => (m as { id?: unknown }).id === 'c2', 'second answer');
      expect(seen.ctx!.requestInfo).to.equal(undefined);
    } finally {
      await peer.close();
    }
  });

  it("request info that is not an Armature transport's ({ headers } from an SDK transport) never reaches handlers", async () => {
    const seen: { ctx?: RequestContext } = {};
    const peer = await RawPeer.open(recording(seen));
    try {
      await peer.initialize();
      await peer.send(
        { jsonrpc: '2.0', id: 'c1', method: 'tools/call', params: { name: 'x' } },
        { requestInfo: { headers: { authorization: 'Bearer leaked' } } },
      );
      await peer.next((m) => (m as { id?: unknown }).id === 'c1', 'call answer');
      expect(seen.ctx!.requestInfo).to.equal(undefined);
      expect(isTransportRequestInfo({ headers: {} })).to.equal(false);
    } finally {
      await peer.close();
    }
  });

  it('a 2026 request handed to the kernel (no initialize on the connection) carries them too', async () => {
    const app = await Armature.create(FactsModule, { name: 'facts', version: '1.0.0', manifest: { armature: 1, handlers: {} } });
    const peer = await Peer2026.open(app);
    try {
      const from = peer.received.length;
      await peer.wire.send(
        { jsonrpc: '2.0', id: 'k1', method: 'tools/call', params: with2026({ name: 'facts', arguments: {} }) } as never,
        { requestInfo: INFO } as never,
      );
      const answer = await peer.next((m) => m.id === 'k1', 'the 2026 answer', from);
      expect(textOf(answer)).to.equal('http acme');
      expect(await peer.call('facts', {}, 'k2')).to.satisfy((m: Parameters<typeof textOf>[0]) => textOf(m) === 'none');
    } finally {
      await peer.close();
      await app.close();
    }
  });
});

/** A tool that reports what it sees of the request. */
class FactsHandlers {
  @Tool()
  facts(ctx: RequestContext): string {
    const info = ctx.requestInfo;
    return info === undefined ? 'none' : `${info.transport} ${String(info.headers['x-tenant-id'])}`;
  }
}

@Module({ handlers: [FactsHandlers] })
class FactsModule {}
