import 'reflect-metadata';
import { expect } from 'chai';
import { Injectable, Module } from '@armature/di';
import { Armature, RequestContext, Tool, ToolError } from '@armature/core';
import { listenWs, type WsServerHandle } from '../../src';
import { WsPeer } from './ws-peer';

const events: string[] = [];
const LEAK = /\/(srv|home|etc|opt|var)\/|\.(ts|js):\d|\bat \S+ \(|ENOENT/;

@Injectable()
class HostileWsHandlers {
  @Tool({ inputSchema: { type: 'object', properties: { text: { type: 'string' } } } })
  echo(args: { text?: string }): string {
    return `echo ${args.text ?? ''}`;
  }

  @Tool({ inputSchema: { type: 'object' } })
  keys(args: Record<string, unknown>): { keys: string[]; proto: boolean } {
    return { keys: Object.keys(args), proto: Object.getPrototypeOf(args) === Object.prototype };
  }

  @Tool({ name: 'constructor' })
  ctor(): string {
    return 'just a name';
  }

  @Tool({ inputSchema: { type: 'object', properties: { ms: { type: 'integer', minimum: 0, maximum: 1000 } } } })
  async sleep(args: { ms?: number }): Promise<string> {
    await new Promise((resolve) => setTimeout(resolve, args.ms ?? 10));
    return `slept ${args.ms ?? 10} ms`;
  }

  @Tool()
  never(ctx: RequestContext): Promise<string> {
    events.push(`started ${String(ctx.requestId)}`);
    ctx.signal.addEventListener('abort', () =>
      events.push(`aborted ${String(ctx.requestId)}: ${String((ctx.signal.reason as { code?: string }).code)}`),
    );
    return new Promise(() => undefined);
  }

  @Tool()
  throwsPath(): never {
    throw new Error('ENOENT: open /srv/app/secret.json');
  }

  @Tool()
  throwsString(): never {
    // eslint-disable-next-line no-throw-literal
    throw '/home/deploy/.env';
  }

  @Tool()
  circular(): unknown {
    const value: Record<string, unknown> = {};
    value.self = value;
    return value;
  }

  @Tool()
  refuse(): never {
    throw new ToolError('Refused on purpose.');
  }
}

@Module({ handlers: [HostileWsHandlers] })
class HostileWsModule {}

/**
 * Hostile input, session-level classes, over WebSocket with an Armature app: each gets its
 * exact code and the connection then answers a fresh request. (Frame-level classes —
 * invalid JSON/UTF-8, batches, bad ids, size and depth limits — are in websocket.transport.spec.)
 */
describe('hostile input against an Armature app over WebSocket', function () {
  this.timeout(20_000);
  let app: Armature;
  let handle: WsServerHandle;
  let peer: WsPeer;
  let fresh = 0;

  async function stillServing(): Promise<void> {
    const id = `fresh-${++fresh}`;
    expect((await peer.call('echo', { text: id }, id)).result?.content?.[0]?.text).to.equal(`echo ${id}`);
  }

  before(async () => {
    app = await Armature.create(HostileWsModule, {
      name: 'ws-hostile',
      version: '1.0.0',
      requestTimeoutMs: 300,
      maxInflightRequests: 1000,
      logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
    });
    handle = await listenWs(app, { port: 0 });
    peer = await WsPeer.open(handle.url);
    await peer.initialize();
  });
  after(async () => {
    peer.close();
    await handle.close(0);
    await app.close({ drainMs: 0 });
  });

  it('-32600 before initialize and for a second initialize', async () => {
    const early = await WsPeer.open(handle.url);
    expect((await early.call('echo', {}, 'early')).error?.code).to.equal(-32600);
    await early.initialize();
    expect(
      (
        await early.request(
          'initialize',
          { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
          'again',
        )
      ).error?.code,
    ).to.equal(-32600);
    expect((await early.call('echo', { text: 'ok' }, 'ok')).result?.content?.[0]?.text).to.equal('echo ok');
    early.close();
    await stillServing();
  });

  it('-32601 for unknown methods (prototype names included), -32602 for bad params and unknown tools', async () => {
    for (const method of ['nope', '__proto__', 'constructor', 'hasOwnProperty'])
      expect((await peer.request(method, {}, `m-${method}`)).error?.code).to.equal(-32601);
    expect((await peer.request('tools/call', { name: 7 }, 'bad-name')).error?.code).to.equal(-32602);
    expect((await peer.call('missing', {}, 'missing')).error?.code).to.equal(-32602);
    await stillServing();
  });

  it('keeps __proto__ and constructor as plain data; a tool named constructor is just a name', async () => {
    peer.send(
      '{"jsonrpc":"2.0","id":"proto","method":"tools/call","params":{"name":"keys","arguments":{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}}}',
    );
    expect((await peer.responseTo('proto')).result?.structuredContent).to.deep.equal({ keys: ['__proto__', 'constructor'], proto: true });
    expect((await peer.call('constructor', {}, 'ctor')).result?.content?.[0]?.text).to.equal('just a name');
    expect(({} as { polluted?: unknown }).polluted).to.equal(undefined);
    await stillServing();
  });

  it('answers throwing and unserializable handlers without leaking anything', async () => {
    for (const name of ['throwsPath', 'throwsString']) {
      const response = await peer.call(name, {}, name);
      expect(response.result?.isError).to.equal(true);
      expect(LEAK.test(JSON.stringify(response)), JSON.stringify(response)).to.equal(false);
    }
    expect((await peer.call('circular', {}, 'circular')).error).to.deep.equal({ code: -32603, message: 'Internal error' });
    expect((await peer.call('refuse', {}, 'refuse')).result?.content?.[0]?.text).to.equal('Refused on purpose.');
    await stillServing();
  });

  it('-32600 for a duplicate id while the first is in flight; the first is answered once', async () => {
    peer.start('tools/call', { name: 'sleep', arguments: { ms: 100 } }, 'dup');
    peer.start('tools/call', { name: 'echo', arguments: {} }, 'dup');
    await peer.until(() => peer.responsesTo('dup').length === 2, 'both answers to "dup"');
    const answers = peer.responsesTo('dup');
    expect(answers.find((a) => a.error)?.error?.code).to.equal(-32600);
    expect(answers.find((a) => a.result)?.result?.content?.[0]?.text).to.equal('slept 100 ms');
    await stillServing();
  });

  it('-32001 for a handler that never resolves, and its signal aborts', async () => {
    expect((await peer.call('never', {}, 'stuck')).error?.code).to.equal(-32001);
    await peer.until(() => events.includes('aborted stuck: ARM_ERR_REQUEST_TIMEOUT'), 'the abort');
    await stillServing();
  });

  it('sends nothing for cancelled requests; a cancellation racing completion yields at most one answer', async () => {
    const ids = Array.from({ length: 50 }, (_, i) => `race-${i}`);
    for (const id of ids) {
      peer.start('tools/call', { name: 'sleep', arguments: { ms: 0 } }, id);
      peer.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } });
    }
    peer.start('tools/call', { name: 'never', arguments: {} }, 'cancel-me');
    peer.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'cancel-me' } });
    await peer.until(() => events.includes('aborted cancel-me: ARM_ERR_REQUEST_CANCELLED'), 'the cancellation');
    await stillServing();
    expect(peer.responsesTo('cancel-me')).to.deep.equal([]);
    for (const id of ids) expect(peer.responsesTo(id).length, id).to.be.at.most(1);
  });

  it('answers 1,000 requests in flight at once, each exactly once', async () => {
    const ids = Array.from({ length: 1000 }, (_, i) => 50_000 + i);
    for (const id of ids) peer.start('tools/call', { name: 'sleep', arguments: { ms: 5 } }, id);
    await peer.until(() => ids.every((id) => peer.responsesTo(id).length > 0), 'all 1,000 answers', 15_000);
    for (const id of ids) expect(peer.responsesTo(id)).to.have.length(1);
    await stillServing();
  });

  it('aborts the work of a client that disconnects mid-request, and serves others', async () => {
    const leaving = await WsPeer.open(handle.url);
    await leaving.initialize();
    leaving.start('tools/call', { name: 'never', arguments: {} }, 'orphan');
    await leaving.until(() => events.includes('started orphan'), 'the orphan to start');
    leaving.socket.terminate();
    await peer.until(() => events.includes('aborted orphan: ARM_ERR_SESSION_CLOSED'), 'the orphan to be aborted');
    await stillServing();
  });
});
