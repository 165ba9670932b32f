import { expect } from 'chai';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { checkServerMessage, ensureManifest } from '@armature/testing';
import { within } from '@armature/transport-fixtures';
import { CHILD, childEnv, spawnListening } from './support/drain-scenario';

const DRAIN_MS = 3000;
/** How long after the window the process may take to exit (start-up of the exit, not work). */
const EXIT_SLACK_MS = 2000;
/** Enough notes that one search's progress (unpaced here) outgrows every socket and pipe buffer. */
const NOTES = 20_000;
const STALLED_CALLS = 4;
/** A generous ceiling for the server's resident memory while its peer does not read. */
const RSS_CEILING_KB = 300 * 1024;
const REVISION = '2025-11-25';
const NOWHERE = 'no note says this';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: REVISION, capabilities: {}, clientInfo: { name: 'stalled-peer', version: '1.0.0' } },
};

function searchCall(id: number): Record<string, unknown> {
  return {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'search', arguments: { query: NOWHERE }, _meta: { progressToken: `stalled-${id}` } },
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The child's resident memory in kB (Linux /proc), or undefined where there is no /proc. */
function residentKb(pid: number): number | undefined {
  const file = `/proc/${pid}/status`;
  if (!existsSync(file)) return undefined;
  const found = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(file, 'utf8'));
  return found ? Number(found[1]) : undefined;
}

/** Samples the child's memory while its peer is stalled (it levels off within about a second); the largest sample. */
async function peakResidentKb(pid: number): Promise<number | undefined> {
  const samples: number[] = [];
  for (let i = 0; i < 8; i++) {
    const kb = residentKb(pid);
    if (kb !== undefined) samples.push(kb);
    await sleep(300);
  }
  if (process.env.DRAIN_REPORT) process.stderr.write(`VmRSS samples while stalled (kB): ${samples.join(' ')}\n`);
  return samples.length === 0 ? undefined : Math.max(...samples);
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** SIGTERM, then the exit code, bounded by the window plus a margin (a bound, not a benchmark). */
async function terminate(child: ChildProcess, stderr: () => string): Promise<number | null> {
  const exited = exitOf(child);
  const signalled = Date.now();
  child.kill('SIGTERM');
  try {
    const code = await within(exited, 'the server to exit within the drain window', DRAIN_MS + EXIT_SLACK_MS);
    if (process.env.DRAIN_REPORT) process.stderr.write(`exit ${String(code)} ${Date.now() - signalled} ms after SIGTERM\n`);
    return code;
  } catch (error) {
    throw new Error(`${(error as Error).message}; stderr:\n${stderr().slice(-2000)}`);
  }
}

/** The JSON-RPC message of an HTTP answer, JSON or a one-event SSE stream. */
function messageOf(contentType: string | null, body: string): unknown {
  if (contentType?.includes('text/event-stream')) {
    const data = body.split('\n').find((line) => line.startsWith('data:'));
    return JSON.parse(data!.slice(5));
  }
  return JSON.parse(body);
}

/**
 * Clients that send streamed searches and then stop reading, and the server gets SIGTERM (a
 * rolling restart with a stuck peer). The peer cannot hold the shutdown: the process exits 0
 * within the drain window, says on stderr what it cut, and its memory stays bounded while the
 * peer is stalled. Progress is unpaced here so that the output does outgrow the buffers.
 */
describe('examples/notes: a peer that stops reading during shutdown (real child process)', function () {
  this.timeout(60_000);
  let child: ChildProcess | undefined;
  const sockets: Socket[] = [];

  before(function () {
    this.timeout(60_000);
    ensureManifest(join(__dirname, '../..'));
  });

  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    if (child !== undefined && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await within(exitOf(child), 'the killed server to exit', 10_000).catch(() => undefined);
    }
    child = undefined;
  });

  const env = (): Record<string, string> =>
    childEnv({ transport: 'http', client: 'sdk-v1', drainMs: DRAIN_MS, notes: NOTES, env: { PROGRESS_PER_SECOND: 'Infinity' } });

  it('Streamable HTTP: raw sockets that send searches and never read are cut at the end of the window; exit 0', async () => {
    const served = await spawnListening('--http', env());
    child = served.child;
    const url = new URL(served.url);
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const opened = await fetch(url, { method: 'POST', headers, body: JSON.stringify(INITIALIZE) });
    expect(opened.status).to.equal(200);
    const session = opened.headers.get('mcp-session-id');
    expect(session, 'a session id').to.be.a('string');
    const initialized = messageOf(opened.headers.get('content-type'), await opened.text());
    expect(checkServerMessage(initialized, INITIALIZE)).to.deep.equal([]);
    const sessionHeaders = { ...headers, 'mcp-session-id': session!, 'mcp-protocol-version': REVISION };
    const notified = await fetch(url, {
      method: 'POST',
      headers: sessionHeaders,
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    expect(notified.status).to.equal(202);

    for (let id = 1; id <= STALLED_CALLS; id++) {
      const socket = connect(Number(url.port), '127.0.0.1');
      sockets.push(socket);
      // The cut ends these connections; that is expected, not a failure.
      socket.on('error', () => undefined);
      socket.pause();
      const body = JSON.stringify(searchCall(id));
      const lines = [
        `POST ${url.pathname} HTTP/1.1`,
        `host: ${url.host}`,
        ...Object.entries(sessionHeaders).map(([name, value]) => `${name}: ${value}`),
        `content-length: ${Buffer.byteLength(body)}`,
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    }

    const peak = await peakResidentKb(child.pid!);
    if (peak !== undefined) expect(peak, 'resident memory (kB) while the peers are stalled').to.be.below(RSS_CEILING_KB);
    const code = await terminate(child, served.stderr);
    expect(code, served.stderr().slice(-1500)).to.equal(0);
    expect(served.stderr()).to.match(
      /http: cut [1-9]\d* response\(s\) whose client stopped reading when the drain window \(3000 ms\) ended/,
    );
  });

  it('stdio: a client that stops reading stdout cannot hold the shutdown; exit 0, the unwritten output logged', async () => {
    const stdio = spawn(process.execPath, [CHILD, '--stdio'], { env: env(), stdio: ['pipe', 'pipe', 'pipe'] });
    child = stdio;
    let stderr = '';
    stdio.stderr.setEncoding('utf8');
    stdio.stderr.on('data', (chunk: string) => (stderr += chunk));
    stdio.stdin.on('error', () => undefined);
    let stdout = '';
    stdio.stdout.setEncoding('utf8');
    stdio.stdout.on('data', (chunk: string) => (stdout += chunk));
    const send = (message: Record<string, unknown>): boolean => stdio.stdin.write(`${JSON.stringify(message)}\n`);

    send(INITIALIZE);
    await within(
      (async () => {
        for (let i = 0; i < 400 && !stdout.includes('\n'); i++) await sleep(50);
      })(),
      'the initialize answer',
      25_000,
    );
    const answer = JSON.parse(stdout.slice(0, stdout.indexOf('\n'))) as unknown;
    expect(checkServerMessage(answer, INITIALIZE), stdout.slice(0, 500)).to.deep.equal([]);
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    for (let id = 1; id <= STALLED_CALLS; id++) send(searchCall(id));
    // From here on nothing is read from the server's stdout.
    stdio.stdout.pause();

    const peak = await peakResidentKb(stdio.pid!);
    if (peak !== undefined) expect(peak, 'resident memory (kB) while the client is stalled').to.be.below(RSS_CEILING_KB);
    const code = await terminate(stdio, () => stderr);
    expect(code, stderr.slice(-1500)).to.equal(0);
    expect(stderr).to.match(
      /stdio: the client stopped reading; [1-9]\d* characters of output were not written when the drain window \(3000 ms\) ended/,
    );
  });
});
