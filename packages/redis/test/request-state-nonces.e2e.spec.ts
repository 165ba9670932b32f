import 'reflect-metadata';
import { expect } from 'chai';
import { Armature, RequestContext, Tool } from '@armature/core';
import { Module } from '@armature/di';
import { listenHttp, type HttpListenHandle } from '@armature/http';
import { checkServerMessage } from '@armature/testing';
import { RedisRequestStateNonces } from '../src/redis-request-state-nonces';
import { freePort } from '@armature/transport-fixtures/redis-server';
import { type RedisServer, startRedisServer } from './support/redis-server';

const V2026 = '2026-07-28';
const KEY = 'nonce-fleet-test-request-state-key-32bytes!';
const ACCEPT = { confirm: { action: 'accept', content: { ok: true } } };
let purges = 0;
let nextId = 0;

class PurgeTools {
  @Tool({ description: 'Purges after a confirmation.', inputSchema: { type: 'object' }, annotations: { destructiveHint: true } })
  async purge(_args: object, ctx: RequestContext): Promise<string> {
    await ctx.elicit(
      { mode: 'form', message: 'Purge?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } },
      { key: 'confirm' },
    );
    return `purged ${++purges}`;
  }
}

@Module({ handlers: [PurgeTools] })
class PurgeModule {}

interface Node {
  readonly url: string;
  close(): Promise<void>;
}

async function startNode(name: string, redisUrl: string): Promise<Node> {
  const nonces = new RedisRequestStateNonces({ url: redisUrl });
  const app = await Armature.create(PurgeModule, {
    name,
    version: '1.0.0',
    manifest: { armature: 1, handlers: {} },
    logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
    requestStateKey: KEY,
    requestStateNonces: nonces,
  });
  const http: HttpListenHandle = await listenHttp(app, { port: 0 });
  return {
    url: http.url,
    async close() {
      await app.close({ drainMs: 0 });
      await http.close();
      await nonces.close();
    },
  };
}

interface Answer {
  readonly result?: Record<string, unknown>;
  readonly error?: { code: number; message: string };
}

/** A raw 2026 `tools/call` of `purge`, checked against the 2026 schema. */
async function purge(url: string, extra: Record<string, unknown> = {}): Promise<Answer> {
  const body = {
    jsonrpc: '2.0',
    id: ++nextId,
    method: 'tools/call',
    params: {
      name: 'purge',
      arguments: {},
      ...extra,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': V2026,
        'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
        'io.modelcontextprotocol/clientInfo': { name: 'fleet', version: '1.0.0' },
      },
    },
  };
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': V2026,
      'mcp-method': 'tools/call',
      'mcp-name': 'purge',
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const answer = (await res.json()) as Answer;
  expect(checkServerMessage(answer, body), JSON.stringify(answer)).to.deep.equal([]);
  return answer;
}

describe('single-use requestStates across two instances on Redis (real redis-server, raw 2026 over HTTP)', function () {
  this.timeout(30_000);
  let redis: RedisServer;
  let a: Node;
  let b: Node;

  before(async () => {
    redis = await startRedisServer();
    a = await startNode('nonce-a', redis.url);
    b = await startNode('nonce-b', redis.url);
  });
  after(async () => {
    await a.close();
    await b.close();
    await redis.stop();
  });

  it('a state confirmed on one instance and replayed on the other is refused there; the tool ran once', async () => {
    const before = purges;
    const state = (await purge(a.url)).result?.requestState as string;
    const done = await purge(a.url, { requestState: state, inputResponses: ACCEPT });
    expect(done.result?.content).to.deep.equal([{ type: 'text', text: `purged ${before + 1}` }]);
    const replay = await purge(b.url, { requestState: state, inputResponses: ACCEPT });
    expect(replay.error?.code).to.equal(-32602);
    expect(replay.error?.message).to.contain('already used');
    expect(purges).to.equal(before + 1);
  });

  it('the same confirmation sent to both instances at once runs on exactly one of them', async () => {
    const before = purges;
    const state = (await purge(b.url)).result?.requestState as string;
    const answers = await Promise.all([a, b].map((node) => purge(node.url, { requestState: state, inputResponses: ACCEPT })));
    expect(answers.filter((answer) => answer.result !== undefined)).to.have.length(1);
    expect(answers.filter((answer) => answer.error?.code === -32602)).to.have.length(1);
    expect(purges).to.equal(before + 1);
  });

  it('the store marks a nonce once, with the expiry of its state, and refuses (never allows) while Redis is unreachable', async () => {
    const store = new RedisRequestStateNonces({ url: redis.url, commandTimeoutMs: 500 });
    try {
      const expiresAt = Date.now() + 60_000;
      expect(await store.consume('n-1', expiresAt)).to.equal(true);
      expect(await store.consume('n-1', expiresAt)).to.equal(false);
      expect(await store.consume('n-2', expiresAt)).to.equal(true);
    } finally {
      await store.close();
    }
    // A port the OS just handed out and nothing listens on.
    const offline = new RedisRequestStateNonces({ url: `redis://127.0.0.1:${await freePort()}`, commandTimeoutMs: 500 });
    try {
      let failed: unknown;
      await offline.consume('n-3', Date.now() + 60_000).catch((error: unknown) => (failed = error));
      expect(failed).to.be.instanceOf(Error);
    } finally {
      await offline.close();
    }
  });
});
