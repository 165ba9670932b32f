import { expect } from 'chai';
import type { Armature } from '../../src/app/armature.app';
import { META } from '../../src/kernel/revision-2026';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../../src/protocol/protocol-versions';
import { connectClient } from '../app/support/app-client';
import { waitUntil } from '../support/wait';
import { createKernelApp, probe } from './support/kernel-app';
import { assert2026, envelope, Peer2026, settle, textOf, V2026, with2026 } from './support/peer-2026';

const SERVER_INFO = { name: 'kernel-2026', version: '1.2.3' };

describe('kernel: an app serving MCP 2026-07-28 over a stream connection (raw messages)', () => {
  let app: Armature;
  let peer: Peer2026;

  before(async () => {
    app = await createKernelApp({
      cache: {
        lists: { ttlMs: 60_000, scope: 'private' },
        discover: { ttlMs: 3_600_000, scope: 'public' },
        resources: { ttlMs: 1000, scope: 'public' },
      },
    });
  });
  after(async () => {
    await app.close();
  });
  beforeEach(async () => {
    peer = await Peer2026.open(app);
  });
  afterEach(async () => {
    await peer.close();
  });

  describe('server/discover', () => {
    it('advertises versions, capabilities, serverInfo, instructions and the discover cache hint', async () => {
      const response = await peer.request('server/discover', {}, 'd1');
      assert2026(response, 'server/discover');
      const result = response.result!;
      expect(result.supportedVersions).to.deep.equal([V2026, ...SUPPORTED_PROTOCOL_VERSIONS]);
      expect(result.serverInfo).to.deep.equal(SERVER_INFO);
      expect(result.instructions).to.equal('Use echo to test.');
      expect(result).to.deep.include({ resultType: 'complete', ttlMs: 3_600_000, cacheScope: 'public' });
      expect(result._meta).to.deep.equal({ [META.serverInfo]: SERVER_INFO });
      const caps = result.capabilities as Record<string, unknown>;
      expect(caps.tools).to.deep.equal({ listChanged: true });
      expect(caps.resources).to.deep.equal({ subscribe: true, listChanged: true });
      expect(caps.prompts).to.deep.equal({ listChanged: true });
      expect(caps).to.have.property('completions');
    });

    it('answers the same discover result again, and follows a change of the served features', async () => {
      const first = await peer.request('server/discover', {}, 'd1');
      const second = await peer.request('server/discover', {}, 'd2');
      expect(second.result).to.deep.equal(first.result);
      const toolsOnly = await createKernelApp({}, false);
      const other = await Peer2026.open(toolsOnly);
      try {
        const before = (await other.request('server/discover', {}, 'x1')).result!.capabilities as Record<string, unknown>;
        expect(before).to.not.have.property('prompts');
        toolsOnly.prompts.register({ name: 'late', handler: () => 'late' });
        const after = (await other.request('server/discover', {}, 'x2')).result!.capabilities as Record<string, unknown>;
        expect(after.prompts).to.deep.equal({ listChanged: true });
      } finally {
        await other.close();
        await toolsOnly.close();
      }
    });

    it('refuses server/discover without an envelope with -32602 (the 2026-only method still reaches the kernel)', async () => {
      const response = await peer.raw('server/discover', {}, 'd0');
      expect(response.error?.code).to.equal(-32602);
      expect(response.id).to.equal('d0');
    });
  });

  describe('lists and calls', () => {
    it('tools/list: resultType, the lists cache hint and serverInfo', async () => {
      const response = await peer.request('tools/list', {}, 'l1');
      assert2026(response, 'tools/list');
      const result = response.result!;
      expect(result).to.deep.include({ resultType: 'complete', ttlMs: 60_000, cacheScope: 'private' });
      expect(result._meta).to.deep.equal({ [META.serverInfo]: SERVER_INFO });
      expect((result.tools as { name: string }[]).map((t) => t.name)).to.include.members(['echo', 'ask', 'wait', 'logs']);
    });

    it('tools/list twice: equal answers (the cached page is reused)', async () => {
      const a = await peer.request('tools/list', {}, 'l1');
      const b = await peer.request('tools/list', {}, 'l2');
      expect(b.result).to.deep.equal(a.result);
    });

    it('resources/list, resources/templates/list and prompts/list carry the lists hint', async () => {
      for (const [method, key] of [
        ['resources/list', 'resources'],
        ['resources/templates/list', 'resourceTemplates'],
        ['prompts/list', 'prompts'],
      ] as const) {
        const response = await peer.request(method, {}, method);
        assert2026(response, method);
        expect(response.result, method).to.deep.include({ resultType: 'complete', ttlMs: 60_000, cacheScope: 'private' });
        expect(response.result![key], method).to.be.an('array').that.is.not.empty;
      }
    });

    it('tools/call: a complete result with serverInfo and no cache hint', async () => {
      const response = await peer.call('echo', { text: 'hi' }, 'c1');
      assert2026(response, 'tools/call');
      expect(response.result).to.deep.equal({
        content: [{ type: 'text', text: 'hi' }],
        resultType: 'complete',
        _meta: { [META.serverInfo]: SERVER_INFO },
      });
    });

    it('tools/call: a tool error is a complete result with isError; invalid arguments too', async () => {
      const refused = await peer.call('refuse', {}, 'c2');
      expect(refused.result).to.deep.include({ isError: true, resultType: 'complete' });
      expect(textOf(refused)).to.equal('Refused on purpose.');
      const invalid = await peer.call('echo', { text: 3 }, 'c3');
      expect(invalid.result).to.deep.include({ isError: true, resultType: 'complete' });
    });

    it('tools/call of an unknown tool: -32602', async () => {
      const response = await peer.call('nope', {}, 'c4');
      expect(response.error?.code).to.equal(-32602);
    });

    it('resources/read: contents with the resources cache hint', async () => {
      const response = await peer.request('resources/read', { uri: 'kernel://static' }, 'r1');
      assert2026(response, 'resources/read');
      expect(response.result).to.deep.include({ resultType: 'complete', ttlMs: 1000, cacheScope: 'public' });
      expect(response.result!.contents).to.deep.equal([{ uri: 'kernel://static', mimeType: 'text/plain', text: 'static text' }]);
      const note = await peer.request('resources/read', { uri: 'notes://cafe%20noir' }, 'r2');
      expect((note.result!.contents as { text: string }[])[0]!.text).to.equal('note cafe noir');
    });

    it('resources/read of a resource that does not exist: -32602 (not -32002) with data.uri', async () => {
      const response = await peer.request('resources/read', { uri: 'kernel://missing' }, 'r3');
      assert2026(response, 'resources/read');
      expect(response.error?.code).to.equal(-32602);
      expect(response.error?.data).to.deep.equal({ uri: 'kernel://missing' });
    });

    it('prompts/get answers a complete result without a cache hint', async () => {
      const prompt = await peer.request('prompts/get', { name: 'greet', arguments: { name: 'Ada' } }, 'p1');
      assert2026(prompt, 'prompts/get');
      expect(prompt.result).to.deep.include({ resultType: 'complete' });
      expect(prompt.result).to.not.have.property('ttlMs');
    });
  });

  describe('refusals', () => {
    for (const method of ['ping', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe', 'initialize']) {
      it(`answers the removed method ${method} (with an envelope) with -32601`, async () => {
        const params =
          method === 'logging/setLevel'
            ? { level: 'debug' }
            : method.startsWith('resources/')
              ? { uri: 'kernel://static' }
              : method === 'initialize'
                ? { protocolVersion: V2026, capabilities: {}, clientInfo: { name: 'x', version: '1' } }
                : {};
        const response = await peer.request(method, params, `rm-${method}`);
        assert2026(response, method);
        expect(response.error?.code).to.equal(-32601);
        expect(response.result).to.equal(undefined);
      });
    }

    it('answers an unknown method (with an envelope) with -32601', async () => {
      const response = await peer.request('tools/frobnicate', {}, 'u1');
      expect(response.error?.code).to.equal(-32601);
      expect(response.error?.message).to.include('tools/frobnicate');
    });

    it('checks the method before the envelope: a removed method with an unknown version is -32601, not -32022', async () => {
      const response = await peer.request('ping', {}, 'u2', { version: '2099-01-01' });
      expect(response.error?.code).to.equal(-32601);
    });

    it('cuts a 10 KB unknown method name short in the error message', async () => {
      const response = await peer.request(`x/${'m'.repeat(10_000)}`, {}, 'u3');
      expect(response.error?.code).to.equal(-32601);
      expect(response.error!.message.length).to.be.below(300);
    });

    it('answers an unknown protocol version with -32022, data { requested, supported }', async () => {
      const response = await peer.request('tools/list', {}, 'v1', { version: '2099-01-01' });
      expect(response.error?.code).to.equal(-32022);
      expect(response.error?.data).to.deep.equal({ requested: '2099-01-01', supported: [V2026] });
      // As a 2026 error it must validate against UnsupportedProtocolVersionError.
      assert2026(response);
    });

    it('bounds data.requested for a 10 KB version string', async () => {
      const response = await peer.request('tools/list', {}, 'v2', { version: '9'.repeat(10 * 1024) });
      expect(response.error?.code).to.equal(-32022);
      expect((response.error?.data?.requested as string).length).to.be.at.most(80);
      expect(JSON.stringify(response).length).to.be.below(2000);
      assert2026(response);
    });

    for (const [what, meta] of [
      ['missing clientCapabilities', { [META.protocolVersion]: V2026 }],
      ['non-object clientCapabilities', { [META.protocolVersion]: V2026, [META.clientCapabilities]: 'all' }],
      ['a clientInfo without version', { ...envelope(), [META.clientInfo]: { name: 'x' } }],
      ['an unknown logLevel', { ...envelope(), [META.logLevel]: 'loud' }],
      ['an empty version', { ...envelope(), [META.protocolVersion]: '' }],
      ['a numeric version', { ...envelope(), [META.protocolVersion]: 2026 }],
    ] as [string, Record<string, unknown>][]) {
      it(`answers ${what} with -32602 and the request id`, async () => {
        const response = await peer.raw('tools/call', { name: 'echo', arguments: { text: 'x' }, _meta: meta }, `e-${what}`);
        expect(response.error?.code).to.equal(-32602);
        expect(response.id).to.equal(`e-${what}`);
        assert2026(response);
      });
    }

    it('refuses a second request with an id still in progress (-32600), and keeps the first running', async () => {
      await peer.start('tools/call', with2026({ name: 'wait', arguments: { tag: 'dup' } }), 'same');
      await waitUntil(() => probe.started.has('dup'), 'wait started');
      const duplicate = await peer.call('echo', { text: 'twin' }, 'same');
      expect(duplicate.error?.code).to.equal(-32600);
      expect(probe.aborted.has('dup')).to.equal(false);
      await peer.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'same' } });
      await waitUntil(() => probe.aborted.has('dup'), 'the first to abort');
      expect(peer.responsesTo('same')).to.have.length(1);
    });
  });

  describe('logs and progress', () => {
    it('sends no notifications/message when the envelope sets no logLevel', async () => {
      const from = peer.received.length;
      const response = await peer.call('logs', {}, 'g1');
      expect(textOf(response)).to.equal('logged');
      expect(peer.notifications('notifications/message', from)).to.deep.equal([]);
    });

    it('sends the logs at or above the envelope logLevel, before the response', async () => {
      const from = peer.received.length;
      const response = await peer.call('logs', {}, 'g2', { logLevel: 'warning' });
      const logs = peer.notifications('notifications/message', from);
      expect(logs.map((m) => m.params!.level)).to.deep.equal(['warning', 'error']);
      expect(logs[1]!.params).to.deep.include({ logger: 'kernel-test', data: { detail: 'error line' } });
      const responseIndex = peer.received.indexOf(response);
      for (const log of logs) expect(peer.received.indexOf(log)).to.be.below(responseIndex);
      for (const log of logs) assert2026(log);
    });

    it('sends every level with logLevel debug, and none above emergency', async () => {
      let from = peer.received.length;
      await peer.call('logs', {}, 'g3', { logLevel: 'debug' });
      expect(peer.notifications('notifications/message', from).map((m) => m.params!.level)).to.deep.equal([
        'debug',
        'info',
        'warning',
        'error',
      ]);
      from = peer.received.length;
      await peer.call('logs', {}, 'g4', { logLevel: 'emergency' });
      expect(peer.notifications('notifications/message', from)).to.have.length(0);
    });

    it('the log level is per request: one request at debug does not open logs for the next', async () => {
      await peer.call('logs', {}, 'g5', { logLevel: 'debug' });
      const from = peer.received.length;
      await peer.call('logs', {}, 'g6');
      expect(peer.notifications('notifications/message', from)).to.have.length(0);
    });

    it('sends progress for the request progressToken, before the response', async () => {
      const from = peer.received.length;
      const response = await peer.call('progress', {}, 'pr1', { meta: { progressToken: 'tok-1' } });
      expect(textOf(response)).to.equal('done');
      const progress = peer.notifications('notifications/progress', from);
      expect(progress.map((m) => m.params)).to.deep.equal([
        // Paced: step 2 (within 50 ms of step 1) is replaced by step 3, which goes out before the answer.
        { progressToken: 'tok-1', progress: 1, total: 3, message: 'step 1' },
        { progressToken: 'tok-1', progress: 3, total: 3, message: 'step 3' },
      ]);
      for (const m of progress) {
        assert2026(m);
        expect(peer.received.indexOf(m)).to.be.below(peer.received.indexOf(response));
      }
    });

    it('sends no progress without a progressToken', async () => {
      const from = peer.received.length;
      await peer.call('progress', {}, 'pr2');
      expect(peer.notifications('notifications/progress', from)).to.have.length(0);
    });
  });

  describe('cancellation', () => {
    it('notifications/cancelled aborts a running 2026 request: the signal aborts and no response is sent', async () => {
      await peer.start('tools/call', with2026({ name: 'wait', arguments: { tag: 'c1' } }), 'w1');
      await waitUntil(() => probe.started.has('c1'), 'wait started');
      await peer.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'w1', reason: 'user stop' } });
      await waitUntil(() => probe.aborted.has('c1'), 'the handler signal to abort');
      expect(probe.aborted.get('c1')).to.equal('ARM_ERR_REQUEST_CANCELLED');
      await settle(60);
      expect(peer.responsesTo('w1')).to.deep.equal([]);
    });

    it('after a cancel the id may be used again, and cancelling an unknown id is ignored', async () => {
      await peer.start('tools/call', with2026({ name: 'wait', arguments: { tag: 'c2' } }), 'w2');
      await waitUntil(() => probe.started.has('c2'), 'wait started');
      await peer.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'w2' } });
      await waitUntil(() => probe.aborted.has('c2'), 'abort');
      await peer.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'never-sent' } });
      const again = await peer.call('echo', { text: 'reused' }, 'w2');
      expect(textOf(again)).to.equal('reused');
    });

    it('closing the connection aborts its running 2026 requests', async () => {
      const other = await Peer2026.open(app);
      await other.start('tools/call', with2026({ name: 'wait', arguments: { tag: 'c3' } }), 'w3');
      await waitUntil(() => probe.started.has('c3'), 'wait started');
      await other.close();
      await waitUntil(() => probe.aborted.has('c3'), 'abort on close');
    });
  });

  describe('dual era', () => {
    it('a 2025 session on another connection of the same app keeps working beside 2026 traffic', async () => {
      const conn = await connectClient(app);
      try {
        const [legacy, modern] = await Promise.all([
          conn.client.callTool({ name: 'echo', arguments: { text: '2025' } }),
          peer.call('echo', { text: '2026' }, 'dual'),
        ]);
        expect(legacy).to.deep.equal({ content: [{ type: 'text', text: '2025' }] });
        expect(legacy).to.not.have.property('resultType');
        expect(textOf(modern)).to.equal('2026');
        expect(modern.result!.resultType).to.equal('complete');
        // A 2025 tool asking a question still sends a server→client request there (no input_required).
        const tools = await conn.client.listTools();
        expect(tools).to.not.have.property('ttlMs');
        expect(conn.client.getServerVersion()).to.deep.include(SERVER_INFO);
      } finally {
        await conn.close();
      }
    });

    it('on a connection that initialized, requests follow the 2025 session (no 2026 decoration)', async () => {
      const init = await peer.raw(
        'initialize',
        { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'old', version: '1' } },
        'init',
      );
      expect(init.result?.protocolVersion).to.equal('2025-11-25');
      await peer.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      const pong = await peer.raw('ping', {}, 'ping');
      expect(pong.result).to.deep.equal({});
      const call = await peer.raw('tools/call', { name: 'echo', arguments: { text: 'old' } }, 'old');
      expect(call.result).to.deep.equal({ content: [{ type: 'text', text: 'old' }] });
    });
  });
});

describe('kernel: 2026 deadlines and shutdown', () => {
  it('answers a request past its deadline with -32001 and aborts its signal', async () => {
    const app = await createKernelApp({ requestTimeoutMs: 150 }, false);
    const peer = await Peer2026.open(app);
    try {
      const response = await peer.call('wait', { tag: 'late' }, 't1');
      expect(response.error?.code).to.equal(-32001);
      await waitUntil(() => probe.aborted.has('late'), 'abort on deadline');
      expect(probe.aborted.get('late')).to.equal('ARM_ERR_REQUEST_TIMEOUT');
      assert2026(response);
    } finally {
      await peer.close();
      await app.close();
    }
  });

  it('app.close(): refuses new 2026 requests with -32000 while draining, and answers what still runs with -32000', async () => {
    const app = await createKernelApp({ drainMs: 300 }, false);
    const peer = await Peer2026.open(app);
    await peer.start('tools/call', with2026({ name: 'wait', arguments: { tag: 'drain' } }), 'running');
    await waitUntil(() => probe.started.has('drain'), 'wait started');
    const closing = app.close();
    try {
      const refused = await peer.call('echo', { text: 'late' }, 'refused');
      expect(refused.error?.code).to.equal(-32000);
      const cut = await peer.next((m) => m.id === 'running', 'the running request to be answered');
      expect(cut.error?.code).to.equal(-32000);
      await waitUntil(() => probe.aborted.has('drain'), 'abort on close');
    } finally {
      await closing;
      peer.wire.assertClean();
      await peer.wire.close();
    }
  });
});
