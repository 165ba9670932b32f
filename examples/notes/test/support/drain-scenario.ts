import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { WebSocketClientTransport as WsV1 } from '@modelcontextprotocol/sdk/client/websocket.js';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioV2 } from '@modelcontextprotocol/client/stdio';
import { WireTap, within } from '@armature/transport-fixtures';
import { WebSocket } from 'ws';

// The SDK's WebSocketClientTransport uses the global WebSocket, which Node 20 lacks.
const scope = globalThis as { WebSocket?: unknown };
if (scope.WebSocket === undefined) scope.WebSocket = WebSocket;

export const CHILD = join(__dirname, 'seeded-notes.child.js');
const CLIENT_INFO = { name: 'drain-scenario', version: '1.0.0' };

/** How the official SDK client reaches the server. */
export type DrainTransport = 'stdio' | 'http' | 'ws';
/** Which SDK: v1 speaks MCP 2025-11-25 (sessions), v2 pinned speaks 2026-07-28. */
export type DrainClient = 'sdk-v1' | 'sdk-v2';

/**
 * What one call ended with: its result; the server's cancellation error (-32000: the window
 * ended before it finished, or it arrived after the shutdown began); HTTP 503 with
 * Retry-After (it arrived after the shutdown began); or nothing usable.
 */
export type DrainOutcome = 'result' | 'cancelled' | 'refused' | `lost: ${string}`;

/** The answer a server gives to what it could not finish or did not admit during a shutdown. */
const SERVER_CANCELLATION = /(session|server) closed before the request (finished|was answered)|server is shutting down/i;

/** One server child process and one connected SDK client. */
export interface DrainRun {
  readonly child: ChildProcess;
  readonly wire: WireTap;
  /** The child's stderr so far. */
  stderr(): string;
  /** Calls `search` (`onprogress` given: with a progress token), classified. */
  search(query: string, onprogress?: () => void): Promise<DrainOutcome>;
  /** How many `tools/call` requests the server has sent progress for, read off the wire. */
  callsWithProgress(): number;
  /** Resolves with the exit code (bounded by `ms`; the child is killed and the wait fails after that). */
  exit(ms: number): Promise<number | null>;
  /** Ends everything (after a failed test too). */
  dispose(): Promise<void>;
}

export interface DrainRunOptions {
  readonly transport: DrainTransport;
  readonly client: DrainClient;
  readonly drainMs: number;
  readonly notes?: number;
  readonly env?: Readonly<Record<string, string>>;
}

function classify(error: unknown): DrainOutcome {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  if (code === -32000 && SERVER_CANCELLATION.test(message)) return 'cancelled';
  if (code === 503 || /HTTP 503|Service Unavailable: the server is shutting down/.test(message)) return 'refused';
  return `lost: ${message.slice(0, 120)}`;
}

export function childEnv(options: DrainRunOptions): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  return { ...env, DRAIN_MS: String(options.drainMs), NOTES: String(options.notes ?? 3000), ...options.env };
}

/** Spawns a network child and reads its URL from the `listening on` line. */
export async function spawnListening(
  flag: '--http' | '--ws',
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string; stderr: () => string }> {
  const child = spawn(process.execPath, [CHILD, flag, '127.0.0.1:0'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let text = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => (text += chunk));
  const url = await within(
    new Promise<string>((resolve, reject) => {
      const look = (): void => {
        const found = /listening on (\S+)/.exec(text);
        if (found && text.includes('seeded-notes: serving')) resolve(found[1]!);
      };
      child.stderr!.on('data', look);
      child.once('exit', (code) => reject(new Error(`the server exited (${String(code)}) before listening:\n${text}`)));
    }),
    'the server to listen',
    20_000,
  );
  return { child, url, stderr: () => text };
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Starts the seeded notes server and connects an SDK client to it through `transport`. */
export async function startDrainRun(options: DrainRunOptions): Promise<DrainRun> {
  const env = childEnv(options);
  const wire = new WireTap();
  let child: ChildProcess;
  let stderr: () => string;
  let clientTransport: object;
  if (options.transport === 'stdio') {
    const Transport = options.client === 'sdk-v1' ? StdioV1 : StdioV2;
    const transport = new Transport({ command: process.execPath, args: [CHILD, '--stdio'], env, stderr: 'pipe' });
    let text = '';
    transport.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    stderr = () => text;
    clientTransport = wire.attach(transport);
    child = undefined as unknown as ChildProcess;
  } else {
    const served = await spawnListening(options.transport === 'http' ? '--http' : '--ws', env);
    child = served.child;
    stderr = served.stderr;
    const url = new URL(served.url);
    if (options.transport === 'ws') clientTransport = wire.attach(new WsV1(url));
    else clientTransport = wire.attach(options.client === 'sdk-v1' ? new HttpV1(url) : new HttpV2(url));
  }
  const v1 = options.client === 'sdk-v1' ? new ClientV1(CLIENT_INFO) : undefined;
  const v2 = v1 === undefined ? new ClientV2(CLIENT_INFO, { versionNegotiation: { mode: { pin: '2026-07-28' } } }) : undefined;
  await within(
    v1 !== undefined ? v1.connect(clientTransport as StdioV1) : v2!.connect(clientTransport as HttpV2),
    'the client to connect',
    20_000,
  );
  // What a host does first: list the tools. It is also what makes the stdio SDK v2 run real. A
  // pinned 2026-07-28 client negotiates on a throw-away sibling process, so `connect()` resolves
  // the moment the session process is spawned, before it has loaded; without a round trip the
  // SIGTERM would land on a process that is still starting.
  const listed: Promise<unknown> = v1 !== undefined ? v1.listTools() : v2!.listTools();
  await within(listed, 'the first round trip (tools/list)', 20_000);
  // The process the transport spawned (no shell in between): SIGTERM goes to the server itself.
  if (options.transport === 'stdio') child = (clientTransport as { _process?: ChildProcess })._process!;
  const exited = exitOf(child);
  return {
    child,
    wire,
    stderr,
    search(query, onprogress) {
      const params = { name: 'search', arguments: { query } };
      const call =
        v1 !== undefined
          ? v1.callTool(params, undefined, { timeout: 60_000, ...(onprogress === undefined ? {} : { onprogress }) })
          : v2!.callTool(params, { timeout: 60_000, ...(onprogress === undefined ? {} : { onprogress }) });
      return (call as Promise<unknown>).then(() => 'result' as const, classify);
    },
    callsWithProgress() {
      const tokens = new Set(wire.messagesWithMethod('notifications/progress').map((m) => progressTokenOf(m)));
      return wire.sentRequests('tools/call').filter((request) => tokens.has(progressTokenOf(request))).length;
    },
    async exit(ms) {
      try {
        return await within(exited, 'the server to exit', ms);
      } catch (error) {
        child.kill('SIGKILL');
        throw new Error(`${(error as Error).message}; stderr:\n${stderr().slice(-2000)}`);
      }
    },
    async dispose() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await within(exited, 'the killed server to exit', 10_000).catch(() => undefined);
      await within(v1 !== undefined ? v1.close() : v2!.close(), 'the client to close', 5000).catch(() => undefined);
    },
  };
}

function progressTokenOf(message: object): unknown {
  const params = (message as { params?: { progressToken?: unknown; _meta?: { progressToken?: unknown } } }).params;
  return params?.progressToken ?? params?._meta?.progressToken;
}

/** Counts outcomes: `{ result: 48, cancelled: 2 }`. */
export function tally(outcomes: readonly DrainOutcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;
  return counts;
}
