import { expect } from 'chai';
import { WebSocket } from 'ws';
import type { Armature } from '@armature/core';
import { checkServerMessage, serverMessageErrors } from '@armature/testing';
import { createFixtureApp, probes, until, within } from '@armature/transport-fixtures';
import { listenWs, type WsServerHandle } from '../src';
import { initializeRequest, openRaw } from './support/raw-client';

const V2026 = '2026-07-28';
const PV = 'io.modelcontextprotocol/protocolVersion';
const CAPS = 'io.modelcontextprotocol/clientCapabilities';
const CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
const LOG_LEVEL = 'io.modelcontextprotocol/logLevel';
const SERVER_INFO = 'io.modelcontextprotocol/serverInfo';
const SUB = 'io.modelcontextprotocol/subscriptionId';
const ELICIT = { elicitation: { form: {} } };
const APP_NAME = 'ws-2026';

type Id = string | number;

/** What a test reads of a JSON-RPC message (either direction). */
interface Frame {
  readonly jsonrpc: string;
  readonly id?: Id;
  readonly method?: string;
  readonly params?: Record<string, unknown> & { _meta?: Record<string, unknown> };
  readonly result?: Record<string, unknown> & { _meta?: Record<string, unknown> };
  readonly error?: { code: number; message: string; data?: Record<string, unknown> };
}

interface EnvelopeOptions {
  readonly caps?: Record<string, unknown>;
  readonly logLevel?: string;
  /** Other `_meta` members (progressToken…). */
  readonly meta?: Record<string, unknown>;
}

/** A 2026 request: `params` with the `_meta` envelope added. */
function request2026(id: Id, method: string, params: Record<string, unknown> = {}, options: EnvelopeOptions = {}): Frame {
  const meta: Record<string, unknown> = {
    [PV]: V2026,
    [CAPS]: options.caps ?? {},
    [CLIENT_INFO]: { name: 'raw-ws-2026', version: '1.0.0' },
    ...options.meta,
  };
  if (options.logLevel !== undefined) meta[LOG_LEVEL] = options.logLevel;
  return { jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } };
}

/** The text of the first content block of a tools/call result. */
function textOf(message: Frame): string | undefined {
  return (message.result?.content as { text?: string }[] | undefined)?.[0]?.text;
}

/**
 * A raw `ws` client (subprotocol `mcp`) on one connection. Every frame the server sends is
 * checked on arrival with `checkServerMessage` against the request it answers (a response) or
 * belongs to (a notification: the listen request named by its subscription id, the request
 * that set its progress token, else the one request still open), and every request gets at
 * most one response. `assertClean()` fails on any violation.
 */
class RawPeer {
  readonly received: Frame[] = [];
  readonly violations: string[] = [];
  private readonly sent = new Map<Id, Frame>();
  /** Requests sent and neither answered nor cancelled yet. */
  private readonly open = new Set<Id>();

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data, isBinary) => this.receive(String(data), isBinary));
  }

  static async open(url: string): Promise<RawPeer> {
    const socket = await openRaw(url);
    expect(socket.protocol).to.equal('mcp');
    return new RawPeer(socket);
  }

  /** Sends a message as one text frame (requests are remembered, to check what answers them). */
  send(message: Frame): void {
    if (message.method !== undefined && message.id !== undefined) {
      if (this.sent.has(message.id)) throw new Error(`the test reused request id ${String(message.id)}`);
      this.sent.set(message.id, message);
      this.open.add(message.id);
    }
    if (message.method === 'notifications/cancelled') this.open.delete(message.params?.requestId as Id);
    this.socket.send(JSON.stringify(message));
  }

  /** Sends a request and waits (bounded) for its response. */
  request(message: Frame): Promise<Frame> {
    const from = this.received.length;
    this.send(message);
    return this.next(
      (m) => m.method === undefined && m.id === message.id,
      `the response to ${String(message.method)} #${String(message.id)}`,
      from,
    );
  }

  /** The first message at or after index `from` that matches, waiting for it (bounded). */
  async next(match: (m: Frame) => boolean, what: string, from = 0): Promise<Frame> {
    let found: Frame | undefined;
    await until(() => (found = this.received.slice(from).find(match)) !== undefined, what);
    return found!;
  }

  /** Every response to `id` received so far. */
  responsesTo(id: Id): Frame[] {
    return this.received.filter((m) => m.method === undefined && m.id === id);
  }

  /** Notifications with `method` received at or after `from`. */
  notifications(method: string, from = 0): Frame[] {
    return this.received.slice(from).filter((m) => m.method === method && m.id === undefined);
  }

  /** Fails when any server frame so far was invalid for the revision of its request. */
  assertClean(): void {
    expect(this.violations, 'server frames that fail checkServerMessage').to.deep.equal([]);
  }

  /** Closes the socket (bounded; terminated if the close handshake does not finish). */
  async close(): Promise<void> {
    const socket = this.socket;
    if (socket.readyState === WebSocket.CLOSED) return;
    const done = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    if (socket.readyState === WebSocket.CONNECTING) socket.terminate();
    else socket.close();
    await within(done, 'the client socket to close').catch(() => {
      socket.terminate();
    });
  }

  private receive(text: string, isBinary: boolean): void {
    if (isBinary) {
      this.violations.push('the server sent a binary frame');
      return;
    }
    let message: Frame;
    try {
      message = JSON.parse(text) as Frame;
    } catch {
      this.violations.push(`the server sent a frame that is not JSON: ${text.slice(0, 200)}`);
      return;
    }
    this.received.push(message);
    const request = this.requestOf(message);
    const problems = request === undefined ? [`no request this message answers or belongs to`] : checkServerMessage(message, request);
    for (const problem of problems) this.violations.push(`${problem} in ${text.slice(0, 300)}`);
  }

  private requestOf(message: Frame): Frame | undefined {
    if (message.method === undefined) {
      const id = message.id as Id;
      if (!this.sent.has(id)) return undefined;
      if (!this.open.delete(id) && this.responsesTo(id).length > 1) {
        this.violations.push(`a second response to request ${JSON.stringify(id)}`);
      }
      return this.sent.get(id);
    }
    const subscription = message.params?._meta?.[SUB];
    if (subscription !== undefined) return this.sent.get(subscription as Id);
    const token = message.params?.progressToken;
    if (token !== undefined) return [...this.sent.values()].find((r) => r.params?._meta?.progressToken === token);
    return this.open.size === 1 ? this.sent.get([...this.open][0]!) : undefined;
  }
}

describe('MCP 2026-07-28 over WebSocket (raw ws client, listenWs)', function () {
  this.timeout(20_000);
  let app: Armature;
  let handle: WsServerHandle;
  let peers: RawPeer[] = [];

  /** A new connection to the server under test, closed after the test. */
  async function connect(): Promise<RawPeer> {
    const peer = await RawPeer.open(handle.url);
    peers.push(peer);
    return peer;
  }

  beforeEach(async () => {
    app = await createFixtureApp(APP_NAME);
    handle = await listenWs(app, { host: '127.0.0.1', port: 0 });
  });

  afterEach(async () => {
    // Each step runs whatever failed before it: sockets, then the server, then the app.
    const open = peers;
    peers = [];
    try {
      await Promise.all(open.map((peer) => peer.close()));
    } finally {
      try {
        await within(handle.close(0), 'the WebSocket server to close');
      } finally {
        await within(app.close({ drainMs: 0 }), 'the app to close');
      }
    }
  });

  it('server/discover: versions, capabilities, server info and the cache hint, without initialize', async () => {
    const peer = await connect();
    const discover = await peer.request(request2026('d1', 'server/discover'));
    expect(discover.error).to.equal(undefined);
    expect(discover.result?.supportedVersions).to.include.members([V2026, '2025-11-25']);
    expect(discover.result?.serverInfo).to.deep.include({ name: APP_NAME, version: '1.0.0' });
    expect(discover.result?.capabilities).to.include.keys('tools', 'resources', 'prompts');
    expect(discover.result).to.deep.include({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' });
    expect(discover.result?._meta?.[SERVER_INFO]).to.deep.include({ name: APP_NAME });
    peer.assertClean();
  });

  it('tools/list: the fixture tools, with resultType, ttlMs and cacheScope', async () => {
    const peer = await connect();
    const list = await peer.request(request2026('l1', 'tools/list'));
    expect(list.error).to.equal(undefined);
    expect(list.result).to.deep.include({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' });
    const names = (list.result?.tools as { name: string }[]).map((tool) => tool.name);
    expect(names).to.include.members(['echo', 'steps', 'ask', 'wait', 'refuse']);
    expect(list.result?._meta?.[SERVER_INFO]).to.deep.include({ name: APP_NAME });
    peer.assertClean();
  });

  it('tools/call: a complete result, and a tool error as isError', async () => {
    const peer = await connect();
    const call = await peer.request(request2026('c1', 'tools/call', { name: 'echo', arguments: { text: 'over ws' } }));
    expect(call.result).to.deep.equal({
      content: [{ type: 'text', text: 'over ws' }],
      resultType: 'complete',
      _meta: { [SERVER_INFO]: { name: APP_NAME, version: '1.0.0' } },
    });
    const refused = await peer.request(request2026('c2', 'tools/call', { name: 'refuse', arguments: {} }));
    expect(refused.error).to.equal(undefined);
    expect(refused.result).to.deep.include({ isError: true, resultType: 'complete' });
    peer.assertClean();
  });

  it('a removed method (ping with the envelope) is -32601, and the connection keeps serving 2026', async () => {
    const peer = await connect();
    const ping = await peer.request(request2026('p1', 'ping'));
    expect(ping.result).to.equal(undefined);
    expect(ping.error?.code).to.equal(-32601);
    const discover = await peer.request(request2026('d2', 'server/discover'));
    expect(discover.result?.resultType).to.equal('complete');
    peer.assertClean();
  });

  it('server/discover without the envelope is -32602 (with params and without)', async () => {
    const peer = await connect();
    const empty: Frame = { jsonrpc: '2.0', id: 'n1', method: 'server/discover', params: {} };
    const bare: Frame = { jsonrpc: '2.0', id: 'n2', method: 'server/discover' };
    for (const request of [empty, bare]) {
      const answer = await peer.request(request);
      expect(answer.result, JSON.stringify(answer)).to.equal(undefined);
      expect(answer.error?.code, JSON.stringify(answer)).to.equal(-32602);
      // checkServerMessage reads a request without an envelope as 2025; the answer must be a valid 2026 error too.
      expect(serverMessageErrors(answer, 'server/discover', V2026)).to.deep.equal([]);
    }
    peer.assertClean();
  });

  it('input_required round trip: ctx.elicit ends the first attempt, the retry with inputResponses + requestState completes', async () => {
    const peer = await connect();
    const first = await peer.request(request2026('a1', 'tools/call', { name: 'ask', arguments: {} }, { caps: ELICIT }));
    expect(first.error).to.equal(undefined);
    expect(first.result?.resultType).to.equal('input_required');
    expect(first.result?.requestState).to.be.a('string').that.is.not.empty;
    const questions = first.result?.inputRequests as Record<string, { method: string; params: Record<string, unknown> }>;
    const keys = Object.keys(questions);
    expect(keys).to.have.length(1);
    const key = keys[0]!;
    expect(questions[key]!.method).to.equal('elicitation/create');
    expect(questions[key]!.params).to.deep.include({ mode: 'form', message: 'Your name?' });
    const retry = await peer.request(
      request2026(
        'a2',
        'tools/call',
        {
          name: 'ask',
          arguments: {},
          inputResponses: { [key]: { action: 'accept', content: { name: 'Ada' } } },
          requestState: first.result?.requestState,
        },
        { caps: ELICIT },
      ),
    );
    expect(retry.error).to.equal(undefined);
    expect(retry.result?.resultType).to.equal('complete');
    expect(textOf(retry)).to.equal('accept');
    peer.assertClean();
  });

  it('progress follows the progressToken; log messages come only with a logLevel, at or above it', async () => {
    const peer = await connect();
    /** Calls `steps` and returns the notifications that came before its result (none may come after). */
    async function steps(id: string, options: EnvelopeOptions): Promise<Frame[]> {
      const from = peer.received.length;
      const answer = await peer.request(request2026(id, 'tools/call', { name: 'steps', arguments: {} }, options));
      expect(textOf(answer)).to.equal('done');
      const answeredAt = peer.received.indexOf(answer);
      // The next request is sent only now: anything after the answer would belong to this call.
      expect(peer.received.slice(answeredAt + 1)).to.deep.equal([]);
      return peer.received.slice(from, answeredAt);
    }

    const quiet = await steps('s1', { meta: { progressToken: 'tok-1' } });
    expect(quiet.map((m) => m.method)).to.deep.equal(['notifications/progress', 'notifications/progress']);
    expect(quiet.map((m) => [m.params?.progressToken, m.params?.progress, m.params?.total])).to.deep.equal([
      ['tok-1', 1, 2],
      ['tok-1', 2, 2],
    ]);

    const info = await steps('s2', { logLevel: 'info', meta: { progressToken: 'tok-2' } });
    expect(info.map((m) => m.method)).to.deep.equal(['notifications/progress', 'notifications/message', 'notifications/progress']);
    expect(info[1]!.params).to.deep.include({ level: 'info', data: 'half way' });

    const debug = await steps('s3', { logLevel: 'debug' });
    expect(debug.map((m) => m.method)).to.deep.equal(['notifications/message']);

    const error = await steps('s4', { logLevel: 'error' });
    expect(error).to.deep.equal([]);

    const none = await steps('s5', {});
    expect(none).to.deep.equal([]);
    peer.assertClean();
  });

  it('notifications/cancelled aborts a running 2026 request: its signal aborts, no response is sent, the connection keeps serving', async () => {
    const peer = await connect();
    peer.send(request2026('w1', 'tools/call', { name: 'wait', arguments: {} }));
    await within(probes.waitStarted.promise, 'the wait tool to start');
    peer.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'w1', reason: 'enough' } });
    await within(probes.waitAborted.promise, "the wait tool's signal to abort");
    // The handler has returned by now; frames go out in order, so an answer to w1 would precede this one.
    const after = await peer.request(request2026('e1', 'tools/call', { name: 'echo', arguments: { text: 'after' } }));
    expect(textOf(after)).to.equal('after');
    expect(peer.responsesTo('w1')).to.deep.equal([]);
    expect(handle.gateway.connectionCount).to.equal(1);
    peer.assertClean();
  });

  it('subscriptions/listen: acknowledged first, then resources/updated and tools/list_changed tagged with the subscription id, until notifications/cancelled', async () => {
    const peer = await connect();
    const from = peer.received.length;
    peer.send(
      request2026('sub-1', 'subscriptions/listen', {
        notifications: { toolsListChanged: true, resourceSubscriptions: ['fixture://static'] },
      }),
    );
    const ack = await peer.next((m) => m.method !== undefined, 'the first message of the listen stream', from);
    expect(ack.method).to.equal('notifications/subscriptions/acknowledged');
    expect(ack.params).to.deep.equal({
      notifications: { toolsListChanged: true, resourceSubscriptions: ['fixture://static'] },
      _meta: { [SUB]: 'sub-1' },
    });

    // A second stream on the same connection witnesses later broadcasts.
    const witnessFrom = peer.received.length;
    peer.send(request2026('witness', 'subscriptions/listen', { notifications: { toolsListChanged: true } }));
    await peer.next(
      (m) => m.method === 'notifications/subscriptions/acknowledged' && m.params?._meta?.[SUB] === 'witness',
      'the witness acknowledgement',
      witnessFrom,
    );

    let at = peer.received.length;
    app.resources.notifyUpdated('fixture://other');
    app.resources.notifyUpdated('fixture://static');
    const updated = await peer.next((m) => m.method === 'notifications/resources/updated', 'resources/updated', at);
    expect(updated.params).to.deep.equal({ uri: 'fixture://static', _meta: { [SUB]: 'sub-1' } });

    at = peer.received.length;
    app.tools.register({ name: 'late', description: 'Registered at run time.', handler: () => 'late' });
    const tagged = (id: string) => (m: Frame) => m.method === 'notifications/tools/list_changed' && m.params?._meta?.[SUB] === id;
    const changed = await peer.next(tagged('sub-1'), 'tools/list_changed on sub-1', at);
    expect(changed.params).to.deep.equal({ _meta: { [SUB]: 'sub-1' } });
    await peer.next(tagged('witness'), 'tools/list_changed on the witness', at);

    peer.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'sub-1' } });
    // The server reads frames in order: once a later request is answered, the cancel has been handled.
    const discover = await peer.request(request2026('d3', 'server/discover'));
    expect(discover.result?.resultType).to.equal('complete');
    at = peer.received.length;
    app.tools.register({ name: 'later', description: 'Registered after the cancel.', handler: () => 'later' });
    app.resources.notifyUpdated('fixture://static');
    await peer.next(tagged('witness'), 'the second tools/list_changed on the witness', at);
    // Broadcasts reach every stream in one pass and frames go out in order: sub-1 would have heard it by now.
    const probe = await peer.request(request2026('d4', 'server/discover'));
    expect(probe.result?.resultType).to.equal('complete');
    expect(peer.received.slice(at).filter((m) => m.params?._meta?.[SUB] === 'sub-1')).to.deep.equal([]);
    expect(peer.responsesTo('sub-1')).to.deep.equal([]);
    peer.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'witness' } });
    peer.assertClean();
  });

  it('handle.close() ends an open subscriptions/listen stream with its result before the socket closes', async () => {
    const peer = await connect();
    const from = peer.received.length;
    peer.send(request2026('sub-end', 'subscriptions/listen', { notifications: { toolsListChanged: true } }));
    await peer.next((m) => m.method === 'notifications/subscriptions/acknowledged', 'the acknowledgement', from);
    const socketClosed = new Promise<number>((resolve) => peer.socket.once('close', (code) => resolve(code)));
    // A short drain window: the listen stream holds no work, and nothing here depends on the window's length.
    const closing = handle.close(1000);
    const code = await within(socketClosed, 'the socket to close');
    await within(closing, 'handle.close()');
    expect(code).to.equal(1001);
    const end = peer.responsesTo('sub-end');
    expect(end, 'the listen stream ends with one response before the socket closes').to.have.length(1);
    expect(end[0]!.error).to.equal(undefined);
    expect(end[0]!.result).to.deep.include({ resultType: 'complete' });
    expect(end[0]!.result?._meta).to.deep.include({ [SUB]: 'sub-end' });
    peer.assertClean();
  });

  it('a second connection to the same server that starts with initialize is a 2025 session (no resultType), while the first keeps speaking 2026', async () => {
    const modern = await connect();
    const call = await modern.request(request2026('m1', 'tools/call', { name: 'echo', arguments: { text: '2026' } }));
    expect(call.result?.resultType).to.equal('complete');

    const legacy = await connect();
    const init = await legacy.request(initializeRequest as unknown as Frame);
    expect(init.result?.protocolVersion).to.equal('2025-11-25');
    expect(init.result?.serverInfo).to.deep.include({ name: APP_NAME });
    expect(init.result).to.not.have.property('resultType');
    legacy.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const list = await legacy.request({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
    expect(list.error).to.equal(undefined);
    expect((list.result?.tools as { name: string }[]).map((tool) => tool.name)).to.include.members(['echo', 'steps', 'ask', 'wait']);
    expect(list.result).to.not.have.any.keys('resultType', 'ttlMs', 'cacheScope');
    expect(list.result?._meta?.[SERVER_INFO]).to.equal(undefined);
    const echo = await legacy.request({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: '2025' } },
    });
    expect(echo.result).to.deep.equal({ content: [{ type: 'text', text: '2025' }] });
    // ping exists in 2025.
    expect((await legacy.request({ jsonrpc: '2.0', id: 4, method: 'ping' })).result).to.deep.equal({});

    const again = await modern.request(request2026('m2', 'tools/list'));
    expect(again.result).to.deep.include({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' });
    expect(handle.gateway.connectionCount).to.equal(2);
    modern.assertClean();
    legacy.assertClean();
  });
});
