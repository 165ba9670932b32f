import { expect } from 'chai';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { connectSdkClient, RawPeer } from '../support/connect';
import { createFixtureFeatures } from '../support/fixture-features';
import { deferred, waitUntil } from '../support/wait';

describe('ServerSession utilities', () => {
  it('sends progress and log notifications before the result, progress strictly increasing', async () => {
    const conn = await connectSdkClient(createFixtureFeatures());
    try {
      const order: string[] = [];
      const progress: number[] = [];
      conn.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
        order.push(`log:${n.params.level}`);
      });
      const result = await conn.client.callTool({ name: 'progress', arguments: {} }, undefined, {
        onprogress: (p) => {
          order.push(`progress:${p.progress}`);
          progress.push(p.progress);
        },
      });
      order.push('result');
      expect(result.content).to.deep.equal([{ type: 'text', text: 'done' }]);
      // Progress is paced: the second value, within 50 ms of the first, goes out just before the result.
      expect(order).to.deep.equal(['progress:1', 'log:info', 'log:warning', 'progress:2', 'result']);
      expect(progress).to.deep.equal([1, 2]);
      const logs = conn.wire.messagesWithMethod('notifications/message');
      expect((logs[0] as { params?: unknown }).params).to.deep.equal({ level: 'info', logger: 'fixture', data: { step: 1 } });
    } finally {
      await conn.close();
    }
    conn.wire.assertClean();
  });

  it('filters logs by logging/setLevel', async () => {
    const conn = await connectSdkClient(createFixtureFeatures());
    try {
      await conn.client.setLoggingLevel('warning');
      await conn.client.callTool({ name: 'progress', arguments: {} });
      const levels = conn.wire
        .messagesWithMethod('notifications/message')
        .map((m) => (m as unknown as { params: { level: string } }).params.level);
      expect(levels).to.deep.equal(['warning']);
      await conn.client.setLoggingLevel('debug');
      await conn.client.callTool({ name: 'progress', arguments: {} });
      const all = conn.wire
        .messagesWithMethod('notifications/message')
        .map((m) => (m as unknown as { params: { level: string } }).params.level);
      expect(all).to.deep.equal(['warning', 'info', 'debug', 'warning']);
    } finally {
      await conn.close();
    }
    conn.wire.assertClean();
  });

  it('sends no progress without a progressToken', async () => {
    const conn = await connectSdkClient(createFixtureFeatures());
    try {
      await conn.client.callTool({ name: 'progress', arguments: {} });
      expect(conn.wire.messagesWithMethod('notifications/progress')).to.have.length(0);
    } finally {
      await conn.close();
    }
  });

  it('aborts the handler signal on notifications/cancelled and sends no reply', async () => {
    const features = createFixtureFeatures();
    const started = deferred('slow tool to start');
    features.probe.started.set('slow', () => started.resolve());
    const conn = await connectSdkClient(features);
    try {
      const controller = new AbortController();
      const call = conn.client.callTool({ name: 'slow', arguments: {} }, undefined, { signal: controller.signal });
      await started.promise;
      controller.abort('user pressed stop');
      await call.then(
        () => expect.fail('the call should have been cancelled'),
        () => undefined,
      );
      await waitUntil(() => features.probe.aborts.has('slow'), 'the abort to reach the handler');
      const reason = features.probe.aborts.get('slow') as { code?: string };
      expect(reason.code).to.equal('ARM_ERR_REQUEST_CANCELLED');
      await conn.client.ping();
      // initialize and ping were answered; the cancelled tools/call was not.
      expect(conn.wire.received.filter((m) => 'result' in m || 'error' in m)).to.have.length(2);
      expect(conn.wire.received.some((m) => JSON.stringify(m).includes('finished after abort'))).to.equal(false);
      expect(conn.session.inflightCount).to.equal(0);
    } finally {
      await conn.close();
    }
    conn.wire.assertClean();
  });

  it('ignores cancellation of unknown, finished or initialize requests', async () => {
    const peer = await RawPeer.open(createFixtureFeatures());
    try {
      await peer.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'init' } });
      await peer.initialize();
      await peer.request('ping', undefined, 1);
      await peer.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } });
      await peer.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'never' } });
      expect((await peer.request('ping', undefined, 2)).result).to.deep.equal({});
    } finally {
      await peer.close();
    }
  });

  it('answers a request past its deadline with -32001 and aborts the signal', async () => {
    const features = createFixtureFeatures();
    const peer = await RawPeer.open(features, { requestTimeoutMs: 30 });
    try {
      await peer.initialize();
      const response = await peer.request('tools/call', { name: 'slow', arguments: {} }, 'deadline');
      expect(response.error?.code).to.equal(-32001);
      expect((features.probe.aborts.get('slow') as { code?: string }).code).to.equal('ARM_ERR_REQUEST_TIMEOUT');
      expect((await peer.request('ping', undefined, 'after')).result).to.deep.equal({});
      expect(peer.received.filter((m) => (m as { id?: unknown }).id === 'deadline')).to.have.length(1);
    } finally {
      await peer.close();
    }
  });

  it('answers a duplicate id in flight with an error for the duplicate only', async () => {
    const features = createFixtureFeatures();
    const peer = await RawPeer.open(features);
    try {
      await peer.initialize();
      const started = deferred('slow to start');
      features.probe.started.set('slow', () => started.resolve());
      await peer.send({ jsonrpc: '2.0', id: 'dup', method: 'tools/call', params: { name: 'slow', arguments: {} } });
      await started.promise;
      const duplicate = await peer.request('ping', undefined, 'dup');
      expect(duplicate.error?.code).to.equal(-32600);
      expect(peer.session.inflightCount).to.equal(1);
      await peer.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'dup' } });
      await waitUntil(() => features.probe.aborts.has('slow'), 'abort');
    } finally {
      await peer.close();
    }
  });

  it('answers in-flight requests with -32000 when the server closes the session, and aborts them', async () => {
    const features = createFixtureFeatures();
    const peer = await RawPeer.open(features);
    await peer.initialize();
    const started = deferred('slow to start');
    features.probe.started.set('slow', () => started.resolve());
    await peer.send({ jsonrpc: '2.0', id: 'open', method: 'tools/call', params: { name: 'slow', arguments: {} } });
    await started.promise;
    const closing = peer.session.close();
    const answer = await peer.next((m) => (m as { id?: unknown }).id === 'open', 'close answer');
    await closing;
    expect(answer.error?.code).to.equal(-32000);
    expect((features.probe.aborts.get('slow') as { code?: string }).code).to.equal('ARM_ERR_SESSION_CLOSED');
    expect(features.probe.disposedScopes).to.equal(1);
    await peer.close();
  });

  it('aborts in-flight work when the client disconnects', async () => {
    const features = createFixtureFeatures();
    const conn = await connectSdkClient(features);
    const started = deferred('slow to start');
    features.probe.started.set('slow', () => started.resolve());
    const call = conn.client.callTool({ name: 'slow', arguments: {} }).catch(() => 'rejected');
    await started.promise;
    await conn.client.close();
    expect(await call).to.equal('rejected');
    await waitUntil(() => features.probe.aborts.has('slow'), 'abort on disconnect');
    expect((features.probe.aborts.get('slow') as { code?: string }).code).to.equal('ARM_ERR_SESSION_CLOSED');
    await waitUntil(() => features.probe.disposedScopes === 1, 'scope disposal');
    await conn.session.close();
  });

  it('walks 1,000 tools page by page with opaque cursors', async () => {
    const conn = await connectSdkClient(createFixtureFeatures({ extraTools: 1000 }), { session: { pageSize: 100 } });
    try {
      const names: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await conn.client.listTools(cursor === undefined ? undefined : { cursor });
        expect(page.tools.length).to.be.at.most(100);
        names.push(...page.tools.map((t) => t.name));
        cursor = page.nextCursor;
        pages++;
      } while (cursor !== undefined && pages < 50);
      expect(names).to.have.length(1016);
      expect(new Set(names).size).to.equal(1016);
      expect(pages).to.equal(11);
    } finally {
      await conn.close();
    }
    conn.wire.assertClean();
  });

  it('serves 1,000 tools in one page by default', async () => {
    const conn = await connectSdkClient(createFixtureFeatures({ extraTools: 984 }));
    try {
      const page = await conn.client.listTools();
      expect(page.tools).to.have.length(1000);
      expect(page.nextCursor).to.equal(undefined);
    } finally {
      await conn.close();
    }
  });

  it('answers 1,000 requests in flight at once, each exactly once (maxInflightRequests raised to 1,000)', async () => {
    const conn = await connectSdkClient(createFixtureFeatures(), { session: { maxInflightRequests: 1000 } });
    try {
      const calls = Array.from({ length: 1000 }, (_, i) => conn.client.callTool({ name: 'echo', arguments: { text: `n${i}` } }));
      const results = await Promise.all(calls);
      results.forEach((r, i) => expect(r.content).to.deep.equal([{ type: 'text', text: `n${i}` }]));
      const responses = conn.wire.received.filter((m) => 'result' in m || 'error' in m);
      const ids = responses.map((m) => (m as { id: unknown }).id);
      expect(new Set(ids).size).to.equal(ids.length);
    } finally {
      await conn.close();
    }
    conn.wire.assertClean();
  });

  it('drain() waits for in-flight requests and refuses new ones with -32000', async () => {
    const features = createFixtureFeatures();
    const peer = await RawPeer.open(features);
    try {
      await peer.initialize();
      await peer.send({ jsonrpc: '2.0', id: 'slow', method: 'tools/call', params: { name: 'slow', arguments: {} } });
      await waitUntil(() => peer.session.inflightCount === 1, 'slow in flight');
      const drained = peer.session.drain(20);
      const refused = await peer.request('ping', undefined, 'late');
      expect(refused.error?.code).to.equal(-32000);
      expect(await drained).to.equal(false);
    } finally {
      await peer.close();
    }
  });
});
