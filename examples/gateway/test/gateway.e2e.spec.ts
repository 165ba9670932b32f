import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const MAIN = join(__dirname, '../src/main.js');
const KEY = 'gateway-test-key-0123456789';

/** `promise`, or a rejection after `ms`. */
function within<T>(promise: Promise<T>, what: string, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

describe('examples/gateway: the gateway process, called through an official SDK client', function () {
  this.timeout(60_000);
  let child: ChildProcess;
  let exited: Promise<void>;
  let url: string;

  before(async () => {
    child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, PORT: '0', GATEWAY_API_KEY: KEY, WEATHER_URL: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    url = await within(
      new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout?.on('data', (chunk: Buffer) => {
          out += chunk.toString('utf8');
          const match = /gateway listening on (\S+)/.exec(out);
          if (match?.[1] !== undefined) resolve(match[1]);
        });
        child.once('exit', (code) => reject(new Error(`the gateway exited (${String(code)})`)));
      }),
      'the gateway to listen',
      30_000,
    );
  });

  after(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await within(exited, 'the gateway to exit', 10_000).catch(async () => {
      child.kill('SIGKILL');
      await within(exited, 'the killed gateway to exit', 5000);
    });
  });

  it('refuses a caller without the bearer key (401)', async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    await response.body?.cancel();
    expect(response.status).to.equal(401);
  });

  it('lists the proxied notes and weather tools under their prefixes and the generated Petstore tools, and calls a proxied tool', async () => {
    const client = new Client({ name: 'gateway-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await within(
      client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${KEY}` } } })),
      'the client to connect',
      10_000,
    );
    try {
      const names = (await client.listTools(undefined, { cacheMode: 'bypass' })).tools.map((t) => t.name);
      expect(names).to.include.members(['notes_create', 'notes_search', 'weather_get_forecast', 'getPetById']);
      const created = await client.callTool({ name: 'notes_create', arguments: { title: 'Via the gateway', body: 'proxied over stdio' } });
      expect(created.isError).to.not.equal(true);
      expect(created.structuredContent).to.deep.include({ title: 'Via the gateway' });
      const note = await client.readResource(
        { uri: `notes://notes/${String((created.structuredContent as { id?: unknown } | undefined)?.id)}` },
        { cacheMode: 'bypass' },
      );
      expect(JSON.stringify(note.contents)).to.contain('proxied over stdio');
    } finally {
      await client.close();
    }
  });
});
