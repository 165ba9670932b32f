import './support/global-websocket';
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startRedisServer, type RedisServer } from '@armature/transport-fixtures/redis-server';
import { runArmature } from './support/fixture-project';
import { removeScaffold, scaffoldInWorkspace } from './support/scaffolded-project';
import { serveScaffold } from './support/served-scaffold';

/** Lists the tools and calls greet through the official SDK client on `transport`. */
async function greetThrough(transport: Transport): Promise<{ tools: string[]; result: unknown }> {
  const client = new Client({ name: 'init-variants', version: '1.0.0' });
  await client.connect(transport);
  try {
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    const result = (await client.callTool({ name: 'greet', arguments: { name: 'Ada', excited: true } })).structuredContent;
    return { tools, result };
  } finally {
    await client.close();
  }
}

const greetOverHttp = (url: string): Promise<{ tools: string[]; result: unknown }> =>
  greetThrough(new StreamableHTTPClientTransport(new URL(url)));

const MOCHA = require.resolve('mocha/bin/mocha.js');

function build(dir: string): void {
  const result = runArmature(['build'], dir);
  expect(result.status, result.stdout + result.stderr).to.equal(0);
}

describe('armature init --http --ws / --redis / --nestjs: the scaffolds build and serve', function () {
  this.timeout(120_000);

  describe('--http --ws', () => {
    let dir: string;
    before(() => {
      dir = scaffoldInWorkspace('both-transports', { http: true, ws: true });
      build(dir);
    });
    after(() => removeScaffold(dir));

    it('serves Streamable HTTP from `--http host:port`, where an SDK client lists and calls greet', async () => {
      const server = await serveScaffold(dir, ['--http', '127.0.0.1:0'], {}, /listening on (http:\/\/\S+)/);
      try {
        expect(await greetOverHttp(server.url)).to.deep.equal({ tools: ['greet'], result: { message: 'Hello, Ada!', length: 11 } });
      } finally {
        await server.stop();
      }
    });

    it('serves WebSocket from `--ws host:port`, where an SDK client lists and calls greet', async () => {
      const server = await serveScaffold(dir, ['--ws', '127.0.0.1:0'], {}, /listening on (ws:\/\/\S+)/);
      try {
        expect(await greetThrough(new WebSocketClientTransport(new URL(server.url)))).to.deep.equal({
          tools: ['greet'],
          result: { message: 'Hello, Ada!', length: 11 },
        });
      } finally {
        await server.stop();
      }
    });
  });

  describe('--redis', () => {
    let dir: string;
    let redis: RedisServer;
    before(async () => {
      redis = await startRedisServer({ prefix: 'armature-init-redis-' });
      dir = scaffoldInWorkspace('scaled-server', { redis: true });
      build(dir);
    });
    after(async () => {
      removeScaffold(dir);
      await redis.stop();
    });

    it('serves HTTP with its sessions in Redis: a session opened on one instance is served by another', async () => {
      const env = { REDIS_URL: redis.url, PORT: '0', MCP_STATE_KEY: 'init-variants-test-key-of-at-least-32-bytes' };
      const first = await serveScaffold(dir, [], env, /Streamable HTTP at (http:\/\/\S+)/);
      const second = await serveScaffold(dir, [], env, /Streamable HTTP at (http:\/\/\S+)/);
      try {
        expect(await greetOverHttp(first.url)).to.deep.equal({ tools: ['greet'], result: { message: 'Hello, Ada!', length: 11 } });
        // A 2025 session opened on the first instance, then used through the second one.
        const transport = new StreamableHTTPClientTransport(new URL(first.url));
        const client = new Client({ name: 'init-variants', version: '1.0.0' });
        await client.connect(transport);
        const sessionId = transport.sessionId;
        expect(sessionId).to.be.a('string');
        await client.close();
        const moved = new StreamableHTTPClientTransport(new URL(second.url), { sessionId });
        const resumed = new Client({ name: 'init-variants', version: '1.0.0' });
        await resumed.connect(moved);
        try {
          const result = await resumed.callTool({ name: 'greet', arguments: { name: 'Bo' } });
          expect(result.structuredContent).to.deep.equal({ message: 'Hello, Bo.', length: 10 });
        } finally {
          await resumed.close();
        }
      } finally {
        await first.stop();
        await second.stop();
      }
    });
  });

  describe('--nestjs', () => {
    let dir: string;
    before(() => {
      dir = scaffoldInWorkspace('nest-server', { nestjs: true });
      build(dir);
    });
    after(() => removeScaffold(dir));

    it('passes its own test: the Nest application over REST and through an MCP client', () => {
      const test = spawnSync(process.execPath, [MOCHA, '--require', 'reflect-metadata', 'dist/test/**/*.spec.js'], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 90_000,
      });
      expect(test.status, test.stdout + test.stderr).to.equal(0);
      expect(test.stdout).to.match(/3 passing/);
    });

    it('starts the Nest application on PORT, where an SDK client lists and calls greet at /mcp next to the REST route', async () => {
      const server = await serveScaffold(dir, [], { PORT: '0' }, /MCP over Streamable HTTP at (http:\/\/[^\s,]+)/);
      try {
        expect(server.url).to.match(/\/mcp$/);
        expect(await greetOverHttp(server.url)).to.deep.equal({ tools: ['greet'], result: { message: 'Hello, Ada!', length: 11 } });
        const rest = await fetch(server.url.replace(/\/mcp$/, '/greet?name=Bo'));
        expect(await rest.json()).to.deep.equal({ message: 'Hello, Bo.', length: 10 });
      } finally {
        await server.stop();
      }
    });
  });
});
