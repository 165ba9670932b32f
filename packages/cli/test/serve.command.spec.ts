import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { WebSocket } from 'ws';
import { ARMATURE_BIN, runArmature } from './support/fixture-project';
import { removeScaffold, scaffoldInWorkspace } from './support/scaffolded-project';
import { until } from '@armature/testing';

// The SDK's WebSocketClientTransport uses the global WebSocket, which Node 20 lacks.
const scope = globalThis as { WebSocket?: unknown };
if (scope.WebSocket === undefined) scope.WebSocket = WebSocket;

/** `armature serve` as a child process, with what it printed on stderr. */
interface ServeProcess {
  readonly child: ChildProcess;
  stderr(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  readonly exited: Promise<number | string>;
}

function startServe(args: readonly string[], cwd: string): ServeProcess {
  const child = spawn(process.execPath, [ARMATURE_BIN, 'serve', ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  return { child, stderr: () => stderr, exited };
}

/** SIGTERM, as a process manager stops a server; SIGKILL if it has not exited within 10 s. */
async function stopServe(served: ServeProcess): Promise<number | string> {
  if (served.child.exitCode !== null) return served.child.exitCode;
  served.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), 10_000)));
  const outcome = await Promise.race([served.exited, late]).finally(() => clearTimeout(timer));
  if (outcome === 'late') served.child.kill('SIGKILL');
  return outcome;
}

/** The URL `app.listen()` announces on stderr. */
async function announcedUrl(served: ServeProcess): Promise<string> {
  await until(() => /listening on (\S+)/.test(served.stderr()) || served.child.exitCode !== null, 'armature serve to listen', {
    timeoutMs: 30_000,
    intervalMs: 50,
  });
  const url = /listening on (\S+)/.exec(served.stderr())?.[1];
  if (url === undefined) throw new Error(`armature serve did not listen:\n${served.stderr()}`);
  return url;
}

/** What the scaffolded app serves, checked through the official SDK client. */
async function expectScaffoldServed(transport: Transport): Promise<void> {
  const client = new Client({ name: 'serve-test', version: '1.0.0' });
  await client.connect(transport);
  try {
    expect(client.getServerVersion()).to.deep.include({ name: 'served', version: '0.1.0' });
    expect((await client.listTools()).tools.map((tool) => tool.name)).to.deep.equal(['greet']);
    const greeting = await client.callTool({ name: 'greet', arguments: { name: 'Ada' } });
    expect(greeting.structuredContent).to.deep.include({ message: 'Hello, Ada.' });
    const invalid = await client.callTool({ name: 'greet', arguments: {} });
    expect(invalid.isError).to.equal(true);
    expect((await client.readResource({ uri: 'hello://about' })).contents[0])
      .to.have.property('text')
      .that.is.a('string');
  } finally {
    await client.close();
  }
}

describe('armature serve', () => {
  let dir: string;

  before(function () {
    this.timeout(120_000);
    dir = scaffoldInWorkspace('served');
    const build = runArmature(['build'], dir);
    expect(build.status, build.stdout).to.equal(0);
  });
  after(() => removeScaffold(dir));

  it('serves over stdio by default, the root module named by package.json "armature.module"', async function () {
    this.timeout(60_000);
    await expectScaffoldServed(
      new StdioClientTransport({ command: process.execPath, args: [ARMATURE_BIN, 'serve'], cwd: dir, stderr: 'ignore' }),
    );
  });

  it('serves over Streamable HTTP with --http host:port, and shuts down on SIGTERM', async function () {
    this.timeout(60_000);
    let exitCode: number | string | undefined;
    const served = startServe(['-e', 'dist/src/app.module.js#AppModule', '--http', '127.0.0.1:0'], dir);
    try {
      const url = await announcedUrl(served);
      expect(url).to.match(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      await expectScaffoldServed(new StreamableHTTPClientTransport(new URL(url)));
    } finally {
      exitCode = await stopServe(served);
    }
    expect(exitCode, 'a graceful shutdown ends the process with code 0').to.equal(0);
  });

  it('serves over WebSocket with --ws, the project given by -p from another folder', async function () {
    this.timeout(60_000);
    let exitCode: number | string | undefined;
    const served = startServe(['-p', dir, '--ws', '127.0.0.1:0'], path.dirname(dir));
    try {
      const url = await announcedUrl(served);
      expect(url).to.match(/^ws:\/\/127\.0\.0\.1:\d+/);
      await expectScaffoldServed(new WebSocketClientTransport(new URL(url)));
    } finally {
      exitCode = await stopServe(served);
    }
    expect(exitCode, 'a graceful shutdown ends the process with code 0').to.equal(0);
  });

  it('exits 2 with its usage for a bad command line, and says how to name the root module', async function () {
    this.timeout(60_000);
    const conflicting = runArmature(['serve', '--http', '0', '--ws', '0'], dir);
    expect(conflicting.status).to.equal(2);
    expect(conflicting.stderr)
      .to.contain('armature: serve: choose one of --stdio, --http and --ws.')
      .and.to.contain('Usage: armature serve');
    const badPort = runArmature(['serve', '--http', '127.0.0.1:99999'], dir);
    expect(badPort.status).to.equal(2);
    expect(badPort.stderr).to.contain('--http 127.0.0.1:99999: expected a port (0–65535) or host:port.');
    const unknown = runArmature(['serve', '--port', '3000'], dir);
    expect(unknown.status).to.equal(2);
    expect(unknown.stderr).to.contain("Unknown option '--port'");
    const nowhere = runArmature(['serve', '-p', path.dirname(dir)], dir);
    expect(nowhere.status).to.equal(2);
    expect(nowhere.stderr).to.contain('which module should it serve? Pass -e dist/src/app.module.js');
  });

  it('exits 1 when the named module does not boot', async function () {
    this.timeout(60_000);
    const result = runArmature(['serve', '-e', 'dist/src/hello.handlers.js#Nope'], dir);
    expect(result.status).to.equal(1);
    expect(result.stderr).to.contain(
      `armature: dist/src/hello.handlers.js#Nope did not boot: ${path.join(dir, 'dist/src/hello.handlers.js')} exports no module named Nope.`,
    );
  });
});
