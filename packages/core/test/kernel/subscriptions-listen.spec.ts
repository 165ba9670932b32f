import { expect } from 'chai';
import type { Armature } from '../../src/app/armature.app';
import type { Dispatcher } from '../../src/kernel/dispatcher';
import { META } from '../../src/kernel/revision-2026';
import { MAX_LISTEN_URIS } from '../../src/kernel/subscription-listen';
import { connectClient } from '../app/support/app-client';
import { waitUntil } from '../support/wait';
import { createKernelApp } from './support/kernel-app';
import { assert2026, type Msg, Peer2026, settle, with2026 } from './support/peer-2026';

const SUB = META.subscriptionId;

/** Opens a listen stream with `filter` and returns its acknowledgement. */
async function listen(peer: Peer2026, id: string, filter: Record<string, unknown>): Promise<Msg> {
  const from = peer.received.length;
  await peer.start('subscriptions/listen', with2026({ notifications: filter }), id);
  return peer.next((m) => m.method !== undefined && m.params?._meta?.[SUB] === id, `the first message of subscription ${id}`, from);
}

/** Notifications of subscription `id` with `method`, received at or after `from`. */
function eventsOf(peer: Peer2026, id: string, method: string, from = 0): Msg[] {
  return peer.notifications(method, from).filter((m) => m.params?._meta?.[SUB] === id);
}

describe('kernel: subscriptions/listen over a stream connection', () => {
  let app: Armature;
  let peer: Peer2026;

  beforeEach(async () => {
    app = await createKernelApp({ drainMs: 2000 });
    peer = await Peer2026.open(app);
  });
  afterEach(async () => {
    await peer.close();
    await app.close();
  });

  it('acknowledges first, with the honoured filter (URIs de-duplicated), tagged with the subscription id', async () => {
    const ack = await listen(peer, 'sub-1', {
      toolsListChanged: true,
      promptsListChanged: false,
      resourcesListChanged: true,
      resourceSubscriptions: ['kernel://static', 'kernel://static'],
    });
    assert2026(ack);
    expect(ack.method).to.equal('notifications/subscriptions/acknowledged');
    expect(ack.params).to.deep.equal({
      notifications: { toolsListChanged: true, resourcesListChanged: true, resourceSubscriptions: ['kernel://static'] },
      _meta: { [SUB]: 'sub-1' },
    });
    expect(peer.responsesTo('sub-1')).to.deep.equal([]);
  });

  it('drops what the server does not serve (a tools-only app: no prompts, no resources)', async () => {
    const toolsOnly = await createKernelApp({}, false);
    const other = await Peer2026.open(toolsOnly);
    try {
      const ack = await listen(other, 'sub-t', {
        toolsListChanged: true,
        promptsListChanged: true,
        resourcesListChanged: true,
        resourceSubscriptions: ['kernel://static'],
      });
      expect(ack.params!.notifications).to.deep.equal({ toolsListChanged: true });
    } finally {
      await other.close();
      await toolsOnly.close();
    }
  });

  it('an empty filter is acknowledged as empty, and then receives nothing', async () => {
    const ack = await listen(peer, 'sub-0', {});
    expect(ack.params!.notifications).to.deep.equal({});
    const from = peer.received.length;
    app.tools.register({ name: 'late0', handler: () => 'x' });
    app.resources.notifyUpdated('kernel://static');
    await settle(60);
    expect(peer.received.slice(from)).to.deep.equal([]);
  });

  it('sends tools list_changed after a registry change, tagged with the subscription id', async () => {
    await listen(peer, 'sub-2', { toolsListChanged: true });
    const from = peer.received.length;
    app.tools.register({ name: 'late', description: 'Late.', handler: () => 'late' });
    const changed = await peer.next((m) => m.method === 'notifications/tools/list_changed', 'tools/list_changed', from);
    assert2026(changed);
    expect(changed.params).to.deep.equal({ _meta: { [SUB]: 'sub-2' } });
    app.tools.disable('late');
    await waitUntil(() => eventsOf(peer, 'sub-2', 'notifications/tools/list_changed', from).length === 2, 'a second list_changed');
  });

  it('sends only the kinds it opted in to', async () => {
    await listen(peer, 'sub-3', { promptsListChanged: true });
    const from = peer.received.length;
    app.tools.register({ name: 'late3', handler: () => 'x' });
    app.resources.register({ uri: 'kernel://late3', handler: () => 'x' });
    app.prompts.register({ name: 'late3', handler: () => 'x' });
    await peer.next((m) => m.method === 'notifications/prompts/list_changed', 'prompts/list_changed', from);
    await settle(30);
    const methods = peer.received.slice(from).map((m) => m.method);
    expect(methods).to.deep.equal(['notifications/prompts/list_changed']);
  });

  it('sends resources/updated for the subscribed URIs only', async () => {
    await listen(peer, 'sub-4', { resourceSubscriptions: ['kernel://static'] });
    const from = peer.received.length;
    app.resources.notifyUpdated('kernel://other');
    app.resources.notifyUpdated('kernel://static');
    const updated = await peer.next((m) => m.method === 'notifications/resources/updated', 'resources/updated', from);
    assert2026(updated);
    expect(updated.params).to.deep.equal({ uri: 'kernel://static', _meta: { [SUB]: 'sub-4' } });
    await settle(30);
    expect(peer.notifications('notifications/resources/updated', from)).to.have.length(1);
  });

  it('several streams on one connection each get their own tagged copy', async () => {
    await listen(peer, 'a', { toolsListChanged: true });
    await listen(peer, 'b', { toolsListChanged: true, resourceSubscriptions: ['kernel://other'] });
    const from = peer.received.length;
    app.tools.register({ name: 'late5', handler: () => 'x' });
    app.resources.notifyUpdated('kernel://other');
    await waitUntil(
      () =>
        eventsOf(peer, 'a', 'notifications/tools/list_changed', from).length === 1 &&
        eventsOf(peer, 'b', 'notifications/tools/list_changed', from).length === 1,
      'both list_changed',
    );
    await waitUntil(() => eventsOf(peer, 'b', 'notifications/resources/updated', from).length === 1, 'updated on b');
    expect(eventsOf(peer, 'a', 'notifications/resources/updated', from)).to.have.length(0);
  });

  it('notifications/cancelled ends the stream: no response, nothing more delivered', async () => {
    await listen(peer, 'sub-6', { toolsListChanged: true });
    await listen(peer, 'witness', { toolsListChanged: true });
    await peer.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'sub-6' } });
    const from = peer.received.length;
    app.tools.register({ name: 'late6', handler: () => 'x' });
    await waitUntil(
      () => eventsOf(peer, 'witness', 'notifications/tools/list_changed', from).length === 1,
      'the witness stream to hear it',
    );
    await settle(30);
    expect(eventsOf(peer, 'sub-6', 'notifications/tools/list_changed', from)).to.deep.equal([]);
    expect(peer.responsesTo('sub-6')).to.deep.equal([]);
  });

  it('a listen stream is not subject to the request deadline', async () => {
    const quick = await createKernelApp({ requestTimeoutMs: 100 }, false);
    const other = await Peer2026.open(quick);
    try {
      await listen(other, 'long', { toolsListChanged: true });
      await settle(250);
      expect(other.responsesTo('long')).to.deep.equal([]);
      const from = other.received.length;
      quick.tools.register({ name: 'still', handler: () => 'x' });
      await other.next((m) => m.method === 'notifications/tools/list_changed', 'list_changed after the deadline', from);
    } finally {
      await other.close();
      await quick.close();
    }
  });

  it('closing the connection ends its streams (later broadcasts reach only live ones)', async () => {
    const other = await Peer2026.open(app);
    await listen(other, 'gone', { toolsListChanged: true });
    await other.close();
    await listen(peer, 'live', { toolsListChanged: true });
    const from = peer.received.length;
    app.tools.register({ name: 'late7', handler: () => 'x' });
    await peer.next((m) => m.method === 'notifications/tools/list_changed', 'list_changed on the live stream', from);
    expect(
      other.received.filter((m) => m.params?._meta?.[SUB] === 'gone' && m.method === 'notifications/tools/list_changed'),
    ).to.deep.equal([]);
  });

  it('a 2025 session and a 2026 stream both hear the same change', async () => {
    const conn = await connectClient(app);
    try {
      let legacy = 0;
      const { ToolListChangedNotificationSchema } = await import('@modelcontextprotocol/sdk/types.js');
      conn.client.setNotificationHandler(ToolListChangedNotificationSchema, () => void legacy++);
      await listen(peer, 'dual', { toolsListChanged: true });
      const from = peer.received.length;
      app.tools.register({ name: 'late8', handler: () => 'x' });
      await waitUntil(
        () => legacy === 1 && eventsOf(peer, 'dual', 'notifications/tools/list_changed', from).length === 1,
        'both eras to hear list_changed',
      );
    } finally {
      await conn.close();
    }
  });

  for (const [what, params] of [
    ['no notifications member', {}],
    ['a non-object filter', { notifications: true }],
    ['an array filter', { notifications: [] }],
    ['a non-boolean flag', { notifications: { toolsListChanged: 'yes' } }],
    ['non-string URIs', { notifications: { resourceSubscriptions: [1] } }],
    ['a string for the URIs', { notifications: { resourceSubscriptions: 'kernel://static' } }],
    [
      'too many URIs',
      { notifications: { resourceSubscriptions: Array.from({ length: MAX_LISTEN_URIS + 1 }, (_, i) => `kernel://r${i}`) } },
    ],
    ['an overlong URI', { notifications: { resourceSubscriptions: [`kernel://${'u'.repeat(9000)}`] } }],
  ] as [string, Record<string, unknown>][]) {
    it(`refuses ${what} with -32602, and sends no acknowledgement`, async () => {
      const from = peer.received.length;
      const response = await peer.request('subscriptions/listen', params, `bad-${what}`);
      assert2026(response, 'subscriptions/listen');
      expect(response.error?.code).to.equal(-32602);
      expect(peer.notifications('notifications/subscriptions/acknowledged', from)).to.deep.equal([]);
    });
  }

  it('refuses subscriptions/listen without an envelope with -32602', async () => {
    const response = await peer.raw('subscriptions/listen', { notifications: { toolsListChanged: true } }, 'no-env');
    expect(response.error?.code).to.equal(-32602);
  });

  it('app.close() ends an open listen stream with a SubscriptionsListenResult, not an error', async () => {
    await listen(peer, 'end', { toolsListChanged: true });
    await app.close();
    const end = await peer.next((m) => m.id === 'end' && m.method === undefined, 'the end of the stream');
    assert2026(end, 'subscriptions/listen');
    expect(end.error).to.equal(undefined);
    expect(end.result).to.deep.include({ resultType: 'complete' });
    expect(end.result!._meta).to.deep.include({ [SUB]: 'end' });
  });

  it('an open listen stream does not hold app.close() for the drain window (it holds no work)', async () => {
    await listen(peer, 'idle', { toolsListChanged: true });
    // What a graceful shutdown waits for: a listen stream is not part of it.
    expect((app.requestKernel() as unknown as Dispatcher).inflightCount).to.equal(0);
    await app.close();
  });
});
