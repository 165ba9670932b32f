import { expect } from 'chai';
import * as path from 'node:path';
import { AppChild, type ChildMessage } from './support/app-child';
import { expectNoLeak } from './support/leaks';

const FIXTURE = path.join(__dirname, 'support/hostile-app.fixture.js');
const INIT = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'hostile', version: '1' } };

/**
 * Hostile input against an Armature app (decorated handlers, DI, result shaping) over a real
 * stdio pipe: each hostile input gets its exact code, and the server then answers a fresh request.
 */
describe('hostile input against an Armature app over stdio (real child process)', function () {
  this.timeout(30_000);
  let child: AppChild;
  let fresh = 0;

  /** A fresh request is still answered: the server kept serving. */
  async function stillServing(): Promise<void> {
    const id = `fresh-${++fresh}`;
    const response = await child.call('echo', { text: id }, id);
    expect(response.result?.content?.[0]?.text).to.equal(`echo ${id}`);
  }

  /** The next message without an id (an error to an unusable frame), after index `from`. */
  function nextIdless(from: number): Promise<ChildMessage> {
    return child.next((m) => m.id === undefined && m.error !== undefined, 'an error response without id', from);
  }

  before(async () => {
    // 1,000 requests in flight at once are one of the cases: the default limit is 100.
    child = AppChild.spawn(FIXTURE, { APP_TIMEOUT_MS: '400', APP_MAX_INFLIGHT: '1000' });
    await child.initialize();
  });
  after(async () => {
    const exit = await child.stop();
    expect(exit.code).to.equal(0);
    expect(child.violations).to.deep.equal([]);
  });

  it('-32700 for invalid JSON and for invalid UTF-8, with no id', async () => {
    let from = child.messages.length;
    child.write('{"jsonrpc":"2.0","id":1,"method":\n');
    expect((await nextIdless(from)).error?.code).to.equal(-32700);
    from = child.messages.length;
    child.write(
      Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":"u","method":"ping","x":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}\n')]),
    );
    expect((await nextIdless(from)).error?.code).to.equal(-32700);
    await stillServing();
  });

  it('ignores a byte-order mark, CRLF line ends and blank lines', async () => {
    child.write('\n  \n\r\n');
    child.write(`\ufeff${JSON.stringify({ jsonrpc: '2.0', id: 'bom', method: 'ping' })}\r\n`);
    expect((await child.responseTo('bom')).result).to.deep.equal({});
    await stillServing();
  });

  it('-32600 for arrays, non-objects and a wrong jsonrpc', async () => {
    for (const frame of ['[{"jsonrpc":"2.0","id":1,"method":"ping"}]', '"text"', '42', 'null', 'true']) {
      const from = child.messages.length;
      child.write(`${frame}\n`);
      expect((await nextIdless(from)).error?.code, frame).to.equal(-32600);
    }
    child.send({ jsonrpc: '1.0', id: 'old', method: 'ping' });
    expect((await child.responseTo('old')).error?.code).to.equal(-32600);
    await stillServing();
  });

  it('-32600 without an id for ids that are null, objects or fractions', async () => {
    for (const id of [null, { a: 1 }, 1.5, [1]]) {
      const from = child.messages.length;
      child.write(`${JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' })}\n`);
      const response = await nextIdless(from);
      expect(response.error?.code, JSON.stringify(id)).to.equal(-32600);
      expect('id' in response).to.equal(false);
    }
    await stillServing();
  });

  it('-32602 for params of the wrong type, -32601 for unknown methods (prototype names included)', async () => {
    for (const [i, params] of [[], 'x', 7].entries()) {
      child.send({ jsonrpc: '2.0', id: `p${i}`, method: 'tools/call', params });
      expect((await child.responseTo(`p${i}`)).error?.code).to.equal(-32602);
    }
    expect((await child.request('tools/call', { name: 42 }, 'badname')).error?.code).to.equal(-32602);
    expect((await child.request('tools/call', { name: 'nope', arguments: {} }, 'unknown-tool')).error?.code).to.equal(-32602);
    for (const method of ['nope/nope', '__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect((await child.request(method, {}, `m-${method}`)).error?.code, method).to.equal(-32601);
    }
    await stillServing();
  });

  it('-32600 for a second initialize; a fresh process refuses requests before initialize with -32600', async () => {
    expect((await child.request('initialize', INIT, 'again')).error?.code).to.equal(-32600);
    const early = AppChild.spawn(FIXTURE);
    try {
      expect((await early.call('echo', { text: 'x' }, 'early')).error?.code).to.equal(-32600);
      expect((await early.request('ping', undefined, 'ping')).result).to.deep.equal({});
      await early.initialize();
      expect((await early.call('echo', { text: 'after' }, 'after')).result?.content?.[0]?.text).to.equal('echo after');
    } finally {
      expect((await early.stop()).code).to.equal(0);
    }
    await stillServing();
  });

  it('-32700 for a message over 4 MiB, -32600 with its id for nesting deeper than 64, then stays in sync', async () => {
    const from = child.messages.length;
    child.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 'huge', method: 'tools/call', params: { name: 'echo', arguments: { text: 'x'.repeat(4 * 1024 * 1024) } } })}\n`,
    );
    expect((await nextIdless(from)).error?.code).to.equal(-32700);
    const deep = `${'['.repeat(65)}${']'.repeat(65)}`;
    child.write(`{"jsonrpc":"2.0","id":"deep","method":"tools/call","params":{"name":"args","arguments":{"x":${deep}}}}\n`);
    expect((await child.responseTo('deep')).error?.code).to.equal(-32600);
    const ok = `${'['.repeat(60)}${']'.repeat(60)}`;
    child.write(`{"jsonrpc":"2.0","id":"shallow","method":"tools/call","params":{"name":"args","arguments":{"x":${ok}}}}\n`);
    expect((await child.responseTo('shallow')).result?.structuredContent).to.deep.equal({ keys: ['x'], proto: true });
    await stillServing();
  });

  it('is not polluted by __proto__, constructor or prototype keys; a tool named constructor is just a name', async () => {
    child.write(
      '{"jsonrpc":"2.0","id":"proto","method":"tools/call","params":{"name":"args","arguments":{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"prototype":1}}}\n',
    );
    const response = await child.responseTo('proto');
    expect(response.result?.structuredContent).to.deep.equal({ keys: ['__proto__', 'constructor', 'prototype'], proto: true });
    expect((await child.call('constructor', {}, 'ctor')).result?.content?.[0]?.text).to.equal('a tool named constructor is just a name');
    child.write('{"jsonrpc":"2.0","id":"proto-params","method":"tools/call","params":{"__proto__":{"name":"echo"},"arguments":{}}}\n');
    expect((await child.responseTo('proto-params')).error?.code).to.equal(-32602);
    await stillServing();
  });

  it('answers invalid arguments with an isError result naming each problem', async () => {
    const response = await child.call('create', { title: '', tags: 'x', priority: 9, extra: true }, 'invalid-args');
    expect(response.result?.isError).to.equal(true);
    const text = response.result?.content?.[0]?.text ?? '';
    for (const field of ['title', 'tags', 'priority', 'extra']) expect(text).to.contain(field);
    await stillServing();
  });

  it('answers handlers that throw Errors with paths, non-Errors and hostile proxies without leaking anything', async () => {
    for (const name of ['throws_path', 'throws_string', 'throws_proxy']) {
      const response = await child.call(name, {}, name);
      expect(response.result?.isError, name).to.equal(true);
      expectNoLeak(response, name);
    }
    expect((await child.call('throws_tool_error', {}, 'tool-error')).result?.content?.[0]?.text).to.equal(
      'No such note. Call search first.',
    );
    await stillServing();
  });

  it('answers results that cannot be serialized (circular, BigInt, a throwing toJSON) with -32603 and nothing else', async () => {
    for (const name of ['circular', 'bigint', 'throwing_json', 'proxy_json']) {
      const response = await child.call(name, {}, `ser-${name}`);
      expect(response.error, name).to.deep.equal({ code: -32603, message: 'Internal error' });
      expect(child.responsesTo(`ser-${name}`)).to.have.length(1);
    }
    await stillServing();
  });

  it('answers resources, prompts and completers that throw (hostile proxies included) with a generic -32603', async () => {
    const answers = [
      await child.request('resources/read', { uri: 'hostile://crash' }, 'r-crash'),
      await child.request('resources/read', { uri: 'hostile://circular' }, 'r-circular'),
      await child.request('prompts/get', { name: 'brief' }, 'p-crash'),
      await child.request(
        'completion/complete',
        { ref: { type: 'ref/prompt', name: 'brief' }, argument: { name: 'topic', value: '' } },
        'c-crash',
      ),
      await child.request('resources/read', { uri: 'hostile://proxy' }, 'r-proxy'),
      await child.request('prompts/get', { name: 'trap' }, 'p-proxy'),
      await child.request(
        'completion/complete',
        { ref: { type: 'ref/prompt', name: 'trap' }, argument: { name: 'x', value: '' } },
        'c-proxy',
      ),
    ];
    for (const response of answers) {
      expect(response.error?.code).to.equal(-32603);
      expectNoLeak(response);
    }
    await stillServing();
  });

  it('-32600 for a duplicate id while the first is in flight; the first is still answered exactly once', async () => {
    child.start('tools/call', { name: 'sleep', arguments: { ms: 150 } }, 'dup');
    child.start('tools/call', { name: 'echo', arguments: { text: 'second' } }, 'dup');
    await child.next((m) => m.id === 'dup' && m.error !== undefined, 'the duplicate refusal');
    await child.next((m) => m.id === 'dup' && m.result !== undefined, 'the original result');
    const responses = child.responsesTo('dup');
    expect(responses).to.have.length(2);
    expect(responses.find((r) => r.error)?.error?.code).to.equal(-32600);
    expect(responses.find((r) => r.result)?.result?.content?.[0]?.text).to.equal('slept 150 ms');
    await stillServing();
  });

  it('a request that never resolves hits the deadline: -32001, and its signal aborts', async () => {
    const response = await child.call('never', {}, 'stuck');
    expect(response.error?.code).to.equal(-32001);
    await child.stderrContains('never aborted stuck: ARM_ERR_REQUEST_TIMEOUT');
    await stillServing();
  });

  it('cancellation: no reply for a cancelled request, its signal aborts; racing completion yields at most one reply', async () => {
    child.start('tools/call', { name: 'until_aborted', arguments: {} }, 'cancel-me');
    await child.stderrContains('started until_aborted cancel-me');
    child.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'cancel-me', reason: 'user' } });
    await child.stderrContains('aborted cancel-me: ARM_ERR_REQUEST_CANCELLED');
    const ids = Array.from({ length: 50 }, (_, i) => `race-${i}`);
    for (const id of ids) {
      child.start('tools/call', { name: 'sleep', arguments: { ms: 0 } }, id);
      child.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } });
    }
    child.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'never-sent' } });
    await stillServing();
    await child.request('ping', undefined, 'after-race');
    expect(child.responsesTo('cancel-me')).to.deep.equal([]);
    for (const id of ids) expect(child.responsesTo(id).length, id).to.be.at.most(1);
  });

  it('answers 1,000 requests in flight at once, each exactly once', async () => {
    const ids = Array.from({ length: 1000 }, (_, i) => i + 10_000);
    const frames = ids
      .map((id) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'sleep', arguments: { ms: 20 } } }))
      .join('\n');
    child.write(`${frames}\n`);
    await child.next(() => ids.every((id) => child.responsesTo(id).length > 0), 'all 1,000 responses', 0, 20_000);
    for (const id of ids) {
      const responses = child.responsesTo(id);
      expect(responses, String(id)).to.have.length(1);
      expect(responses[0]?.result?.content?.[0]?.text).to.equal('slept 20 ms');
    }
    await stillServing();
  });
});

describe('a stdio client that disconnects mid-request (real child process)', function () {
  this.timeout(20_000);

  it('stops reading (EPIPE on stdout): the server neither crashes nor hangs, and exits', async () => {
    const child = AppChild.spawn(path.join(__dirname, 'support/hostile-app.fixture.js'));
    try {
      await child.initialize();
      child.start('tools/call', { name: 'sleep', arguments: { ms: 200 } }, 'orphan');
      await child.stderrContains('started sleep orphan');
      child.closeOutput();
      child.endInput();
      const exit = await child.exit(10_000);
      expect(exit).to.deep.equal({ code: 0, signal: null });
      expect(child.stderr, child.stderr).to.not.match(/Unhandled|uncaught/i);
    } finally {
      await child.stop().catch(() => undefined);
    }
  });

  it('closes stdin mid-request: work still running after the drain window is answered with an error, then the process exits 0', async () => {
    const child = AppChild.spawn(path.join(__dirname, 'support/hostile-app.fixture.js'), { APP_DRAIN_MS: '300' });
    try {
      await child.initialize();
      child.start('tools/call', { name: 'until_aborted', arguments: {} }, 'left-behind');
      child.start('tools/call', { name: 'sleep', arguments: { ms: 50 } }, 'finishes');
      await child.stderrContains('started until_aborted left-behind');
      child.endInput();
      expect((await child.responseTo('finishes')).result?.content?.[0]?.text).to.equal('slept 50 ms');
      expect((await child.responseTo('left-behind')).error?.code).to.equal(-32000);
      expect((await child.exit(10_000)).code).to.equal(0);
      expect(child.stderr).to.contain('aborted left-behind: ARM_ERR_SESSION_CLOSED');
    } finally {
      await child.stop().catch(() => undefined);
    }
  });
});
