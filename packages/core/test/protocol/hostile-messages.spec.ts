import { MAX_ECHOED_CHARS } from '../../src/errors/client-text';
import { expect } from 'chai';
import { RawPeer } from '../support/connect';
import { createFixtureFeatures } from '../support/fixture-features';

/** Messages that parse as JSON but are not acceptable; each answered with an exact code. */
describe('ServerSession against malformed and hostile messages', () => {
  let peer: RawPeer;

  beforeEach(async () => {
    peer = await RawPeer.open(createFixtureFeatures());
    await peer.initialize();
  });

  afterEach(async () => {
    await peer.close();
  });

  async function expectAnswer(message: unknown, code: number, id?: string | number): Promise<void> {
    const before = peer.received.length;
    await peer.send(message);
    const answer = await peer.next((m) => 'error' in m, `error for ${JSON.stringify(message)}`, before);
    expect(answer.error?.code, JSON.stringify(message)).to.equal(code);
    expect((answer as { id?: unknown }).id, JSON.stringify(message)).to.equal(id);
    const fresh = await peer.request('ping', undefined, `fresh-${before}`);
    expect(fresh.result).to.deep.equal({});
  }

  it('answers non-objects and arrays with -32600 and no id', async () => {
    await expectAnswer([{ jsonrpc: '2.0', id: 1, method: 'ping' }], -32600);
    await expectAnswer('ping', -32600);
    await expectAnswer(42, -32600);
    await expectAnswer(null, -32600);
  });

  it('answers a wrong or missing jsonrpc with -32600, keeping a usable id', async () => {
    await expectAnswer({ jsonrpc: '1.0', id: 7, method: 'ping' }, -32600, 7);
    await expectAnswer({ id: 'a', method: 'ping' }, -32600, 'a');
  });

  it('answers null, object and fractional ids with -32600 and no id', async () => {
    await expectAnswer({ jsonrpc: '2.0', id: null, method: 'ping' }, -32600);
    await expectAnswer({ jsonrpc: '2.0', id: { a: 1 }, method: 'ping' }, -32600);
    await expectAnswer({ jsonrpc: '2.0', id: 1.5, method: 'ping' }, -32600);
    await expectAnswer({ jsonrpc: '2.0', id: true, method: 'ping' }, -32600);
  });

  it('answers a non-string method with -32600', async () => {
    await expectAnswer({ jsonrpc: '2.0', id: 3, method: 5 }, -32600, 3);
  });

  it('answers params of the wrong type with -32602', async () => {
    await expectAnswer({ jsonrpc: '2.0', id: 4, method: 'tools/list', params: [1, 2] }, -32602, 4);
    await expectAnswer({ jsonrpc: '2.0', id: 5, method: 'tools/list', params: 'x' }, -32602, 5);
    await expectAnswer({ jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 7 } }, -32602, 6);
    await expectAnswer({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'echo', arguments: [1] } }, -32602, 8);
    await expectAnswer({ jsonrpc: '2.0', id: 9, method: 'resources/read', params: {} }, -32602, 9);
    await expectAnswer({ jsonrpc: '2.0', id: 10, method: 'prompts/get', params: { name: 'greet', arguments: { name: 3 } } }, -32602, 10);
    await expectAnswer({ jsonrpc: '2.0', id: 11, method: 'logging/setLevel', params: { level: 'loud' } }, -32602, 11);
    await expectAnswer(
      { jsonrpc: '2.0', id: 12, method: 'completion/complete', params: { ref: { type: 'ref/x' }, argument: { name: 'a', value: 'b' } } },
      -32602,
      12,
    );
  });

  it('answers unknown methods (including prototype names) with -32601', async () => {
    for (const method of ['nope', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'tasks/list']) {
      await expectAnswer({ jsonrpc: '2.0', id: `m-${method}`, method }, -32601, `m-${method}`);
    }
  });

  it('answers an empty method with -32600 (it names nothing to invoke: an invalid request)', async () => {
    await expectAnswer({ jsonrpc: '2.0', id: 'm-', method: '' }, -32600, 'm-');
  });

  it('is not polluted by __proto__ or constructor keys anywhere', async () => {
    const payload = JSON.parse(
      '{"jsonrpc":"2.0","id":"p","method":"tools/call","__proto__":{"polluted":1},"params":{"name":"echo","__proto__":{"polluted":2},"arguments":{"text":"x","__proto__":{"polluted":3},"constructor":{"prototype":{"polluted":4}}},"_meta":{"__proto__":{"progressToken":"t"}}}}',
    ) as object;
    await peer.send(payload);
    const answer = await peer.next((m) => (m as { id?: unknown }).id === 'p', 'polluted call');
    expect(answer.result?.content).to.deep.equal([{ type: 'text', text: 'x' }]);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    expect(Object.prototype).not.to.have.property('polluted');
  });

  it('answers an invalid cursor with -32602 on every list', async () => {
    for (const method of ['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list']) {
      for (const cursor of ['garbage', '', 5, 'dDE', 'x'.repeat(1000)]) {
        const response = await peer.request(method, { cursor }, `${method}-${String(cursor).slice(0, 8)}`);
        expect(response.error?.code, `${method} ${String(cursor).slice(0, 10)}`).to.equal(-32602);
      }
    }
  });

  it('refuses a cursor issued for another list', async () => {
    const big = await RawPeer.open(createFixtureFeatures({ extraTools: 5 }), { pageSize: 4 });
    try {
      await big.initialize();
      const first = await big.request('tools/list', undefined, 1);
      const cursor = first.result?.nextCursor;
      expect(cursor).to.be.a('string');
      expect((await big.request('prompts/list', { cursor }, 2)).error?.code).to.equal(-32602);
      expect((await big.request('tools/list', { cursor }, 3)).result?.tools).to.have.length(4);
    } finally {
      await big.close();
    }
  });

  it('bounds subscriptions per session: count and URI length', async () => {
    expect((await peer.request('resources/subscribe', { uri: `x://${'a'.repeat(9000)}` }, 'long')).error?.code).to.equal(-32602);
    for (let i = 0; i < 1000; i++)
      await peer.send({ jsonrpc: '2.0', id: `s${i}`, method: 'resources/subscribe', params: { uri: `x://r/${i}` } });
    await peer.next((m) => (m as { id?: unknown }).id === 's999', 'the 1000th subscription');
    expect((await peer.request('resources/subscribe', { uri: 'x://r/1000' }, 'over')).error?.code).to.equal(-32602);
    expect((await peer.request('resources/subscribe', { uri: 'x://r/5' }, 'again')).result).to.deep.equal({});
  });

  it('echoes only a bounded prefix of an unknown method name', async () => {
    const response = await peer.request('m'.repeat(100_000), undefined, 'huge');
    expect(response.error?.code).to.equal(-32601);
    expect(response.error?.message.length).to.be.below(MAX_ECHOED_CHARS + 50);
  });

  it('drops malformed responses and notifications silently and keeps serving', async () => {
    await peer.send({ jsonrpc: '2.0', id: 99, result: 5 });
    await peer.send({ jsonrpc: '2.0', id: 98, result: {}, error: { code: 1, message: 'x' } });
    await peer.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: 'x' });
    await peer.send({ jsonrpc: '2.0', id: 97, result: {} });
    const fresh = await peer.request('ping', undefined, 'after');
    expect(fresh.result).to.deep.equal({});
    expect(peer.received.filter((m) => 'error' in m)).to.have.length(0);
  });
});
