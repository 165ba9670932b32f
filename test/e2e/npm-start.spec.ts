import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const ROOT = path.resolve(__dirname, '../../..');
const START = path.join(ROOT, 'scripts/start.js');
const WAIT_MS = 30_000;

/** Collects a child's stdout until `pattern` matches, bounded by WAIT_MS. */
function waitForOutput(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`no ${String(pattern)} within ${WAIT_MS} ms; got:\n${seen}`)), WAIT_MS);
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const found = pattern.exec(seen);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${String(code)} before printing ${String(pattern)}:\n${seen}`));
    });
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('npm start (scripts/start.js)', function () {
  this.timeout(60_000);
  let child: ChildProcess | undefined;

  afterEach(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await exitOf(child);
    }
    child = undefined;
  });

  it('serves examples/notes over Streamable HTTP that the official SDK client, pointed at the printed URL, can list and call', async () => {
    child = spawn(process.execPath, [START, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const [, url] = await waitForOutput(child, /serving MCP at (http:\/\/127\.0\.0\.1:\d+\/mcp)/);

    const client = new Client({ name: 'npm-start-spec', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).to.include.members(['create', 'search', 'update', 'delete']);
      const created = await client.callTool({ name: 'create', arguments: { title: 'From the spec', body: 'Hello.' } });
      expect(created.isError).to.not.equal(true);
      expect(created.structuredContent).to.include({ title: 'From the spec', body: 'Hello.' });
    } finally {
      await client.close();
    }

    child.kill('SIGTERM');
    expect(await exitOf(child)).to.equal(0);
  });

  it('runs the scripted demo over stdio and exits 0', async () => {
    child = spawn(process.execPath, [START, '--stdio'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    expect(await exitOf(child)).to.equal(0);
    expect(out).to.include('## get the summarize prompt');
    expect(out).to.match(/← \{"jsonrpc":"2\.0","id":\d+,"result":\{"tools":\[/);
  });
});
