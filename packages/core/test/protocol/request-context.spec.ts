import { expect } from 'chai';
import type { AuthInfo, RequestContext } from '../../src/context/request-context';
import type { ListContext, ServerFeatures } from '../../src/protocol/server-features';
import { RawPeer } from '../support/connect';

const AUTH: AuthInfo = { token: 'secret-token', clientId: 'client-7', scopes: ['notes:read'] };

/** Features that report what the engine handed them. */
function recordingFeatures(seen: { ctx?: RequestContext; list?: ListContext }): ServerFeatures {
  return {
    tools: {
      list: (ctx) => {
        seen.list = ctx;
        return [];
      },
      call: async (name, _args, ctx) => {
        seen.ctx = ctx;
        if (name === 'progress') {
          await ctx.progress(1);
          await ctx.progress(0.5);
          await ctx.progress(Number.NaN);
          await ctx.progress(2, 10, 'two');
        }
        return { content: [] };
      },
    },
  };
}

describe('RequestContext as the engine fills it', () => {
  it('carries request id, method, session, meta and the transport authInfo', async () => {
    const seen: { ctx?: RequestContext; list?: ListContext } = {};
    const peer = await RawPeer.open(recordingFeatures(seen));
    try {
      await peer.initialize({ roots: {} });
      await peer.send(
        { jsonrpc: '2.0', id: 'c1', method: 'tools/call', params: { name: 'x', _meta: { trace: 'abc' } } },
        { authInfo: AUTH },
      );
      await peer.next((m) => (m as { id?: unknown }).id === 'c1', 'call answer');
      const ctx = seen.ctx!;
      expect(ctx.requestId).to.equal('c1');
      expect(ctx.method).to.equal('tools/call');
      expect(ctx.meta).to.deep.equal({ trace: 'abc' });
      expect(ctx.authInfo).to.deep.equal(AUTH);
      expect(ctx.session.protocolVersion).to.equal('2025-11-25');
      expect(ctx.session.clientCapabilities).to.deep.equal({ roots: {} });
      expect(ctx.signal.aborted).to.equal(false);
      await peer.send({ jsonrpc: '2.0', id: 'l1', method: 'tools/list' }, { authInfo: AUTH });
      await peer.next((m) => (m as { id?: unknown }).id === 'l1', 'list answer');
      expect(seen.list?.authInfo).to.deep.equal(AUTH);
    } finally {
      await peer.close();
    }
  });

  it('sends only increasing, finite progress, echoing the token, and none without a valid token', async () => {
    const seen: { ctx?: RequestContext } = {};
    const peer = await RawPeer.open(recordingFeatures(seen));
    try {
      await peer.initialize();
      await peer.request('tools/call', { name: 'progress', _meta: { progressToken: 'tok' } }, 'p1');
      const progress = peer.received
        .filter((m) => (m as { method?: string }).method === 'notifications/progress')
        .map((m) => (m as { params?: unknown }).params);
      expect(progress).to.deep.equal([
        { progressToken: 'tok', progress: 1 },
        { progressToken: 'tok', progress: 2, total: 10, message: 'two' },
      ]);
      const before = peer.received.length;
      await peer.request('tools/call', { name: 'progress', _meta: { progressToken: 1.5 } }, 'p2');
      expect(peer.received.slice(before).filter((m) => (m as { method?: string }).method === 'notifications/progress')).to.have.length(0);
    } finally {
      await peer.close();
    }
  });

  it('refuses server→client requests once the request has finished', async () => {
    const seen: { ctx?: RequestContext } = {};
    const peer = await RawPeer.open(recordingFeatures(seen));
    try {
      await peer.initialize({ roots: {} });
      await peer.request('tools/call', { name: 'x' }, 'done');
      const error = await seen.ctx!.listRoots().then(
        () => undefined,
        (e: unknown) => e as { code?: string },
      );
      expect(error?.code).to.equal('ARM_ERR_SESSION_NOT_READY');
    } finally {
      await peer.close();
    }
  });
});
