import { expect } from 'chai';
import { createClient } from 'redis';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type RedisServer, startRedisServer } from './support/redis-server';
import { type ScaleInstance, startScaleInstance } from './support/scale-app';

const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1.0.0' } },
};

function initialize(url: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(INIT),
  });
}

/** Keys in Redis matching `pattern`. */
async function keys(url: string, pattern: string): Promise<string[]> {
  const client = createClient({ url });
  await client.connect();
  try {
    return await client.keys(pattern);
  } finally {
    await client.close();
  }
}

describe('a failed initialize opens nothing, with the real redis-server stopped', function () {
  this.timeout(30_000);
  let redis: RedisServer;
  let instance: ScaleInstance;

  before(async () => {
    redis = await startRedisServer();
    instance = await startScaleInstance('instance-a', redis.url, { commandTimeoutMs: 500 });
  });
  after(async () => {
    await instance?.close();
    await redis?.stop();
  });

  it('Redis down: initialize answers -32603 with no Mcp-Session-Id (raw and SDK v1 client); once Redis is back nothing of those sessions is stored, and a new one opens', async () => {
    await redis.down();
    try {
      const res = await initialize(instance.http.url);
      expect(res.headers.get('mcp-session-id')).to.equal(null);
      const body = (await res.json()) as { error?: { code: number; message: string } };
      expect(body.error?.code).to.equal(-32603);
      expect(body.error?.message).to.match(/session store is unavailable right now; try again in a few seconds/);

      const transport = new StreamableHTTPClientTransport(new URL(instance.http.url));
      const client = new Client({ name: 'refused', version: '1.0.0' });
      let failed: unknown;
      await client.connect(transport).catch((error: unknown) => (failed = error));
      expect(String(failed)).to.match(/session store is unavailable/);
      expect(transport.sessionId).to.equal(undefined);
      await client.close();
      expect(instance.app.sessionCount).to.equal(0);
    } finally {
      await redis.up();
    }
    // Nothing at all: no session hash, no event stream.
    expect(await keys(redis.url, '*')).to.deep.equal([]);

    // Redis is back: the next initialize opens a session, stored and named.
    let opened: Response | undefined;
    const deadline = Date.now() + 10_000;
    for (;;) {
      opened = await initialize(instance.http.url);
      if (opened.headers.get('mcp-session-id') !== null || Date.now() > deadline) break;
      await opened.text();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(opened.headers.get('mcp-session-id')).to.match(/^[\x21-\x7e]{32}$/);
    await opened.text();
    expect(await keys(redis.url, '*session:*')).to.have.length(1);
  });
});
