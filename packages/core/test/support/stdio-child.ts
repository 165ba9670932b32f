import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import * as path from 'node:path';
import type { RequestId } from '../../src/protocol/mcp-types.generated';
import { waitUntil } from './wait';
import { serverMessageErrors } from './wire-schema';

/** Path of the compiled stdio fixture server. */
export const STDIO_FIXTURE = path.join(__dirname, 'stdio-server.fixture.js');

/** A received message with the members tests look at. */
export type RawMessage = { id?: RequestId; method?: string; result?: Record<string, unknown>; error?: { code: number; message: string; data?: unknown }; params?: Record<string, unknown> };

/**
 * The stdio fixture as a child process driven byte by byte: for frames no SDK client would
 * send. Every stdout line must be one valid MCP message; anything else is recorded as a violation.
 */
export class StdioChild {
  readonly messages: RawMessage[] = [];
  readonly violations: string[] = [];
  stderr = '';
  private readonly methods = new Map<RequestId, string>();
  private pending = '';
  private exited: Promise<number | null>;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => this.onStdout(chunk));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (this.stderr += chunk));
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  /** Starts the fixture with extra environment variables. */
  static spawn(env: Record<string, string> = {}): StdioChild {
    return new StdioChild(spawn(process.execPath, [STDIO_FIXTURE], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] }));
  }

  /** Writes raw bytes to the server's stdin. */
  write(data: string | Buffer): void {
    this.child.stdin.write(data);
  }

  /** Writes one message as a line and remembers request methods for schema checks. */
  send(message: Record<string, unknown>): void {
    if (typeof message.method === 'string' && (typeof message.id === 'string' || typeof message.id === 'number')) this.methods.set(message.id, message.method);
    this.write(`${JSON.stringify(message)}\n`);
  }

  /** Sends a request and waits for its response. */
  async request(method: string, params: Record<string, unknown> | undefined, id: RequestId): Promise<RawMessage> {
    const from = this.messages.length;
    this.send(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
    return this.next((m) => m.id === id && m.method === undefined, `response to ${method}`, from);
  }

  /** initialize + notifications/initialized. */
  async initialize(): Promise<void> {
    await this.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw-stdio', version: '1' } }, 'init');
    this.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }

  /** The first message at or after `from` that matches. */
  async next(match: (m: RawMessage) => boolean, what: string, from = 0): Promise<RawMessage> {
    let found: RawMessage | undefined;
    await waitUntil(() => (found = this.messages.slice(from).find(match)) !== undefined, what);
    return found!;
  }

  /** Ends stdin and waits (bounded) for the process to exit; kills it if it does not. */
  async close(): Promise<number | null> {
    this.child.stdin.end();
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5000).unref());
    const outcome = await Promise.race([this.exited, timeout]);
    if (outcome === 'timeout') {
      this.child.kill('SIGKILL');
      await this.exited;
      throw new Error('the stdio server did not exit after stdin closed');
    }
    return outcome;
  }

  private onStdout(chunk: string): void {
    this.pending += chunk;
    let newline: number;
    while ((newline = this.pending.indexOf('\n')) >= 0) {
      const line = this.pending.slice(0, newline);
      this.pending = this.pending.slice(newline + 1);
      let message: RawMessage;
      try {
        message = JSON.parse(line) as RawMessage;
      } catch {
        this.violations.push(`stdout line is not JSON: ${line.slice(0, 200)}`);
        continue;
      }
      const requestMethod = message.method === undefined && message.id !== undefined ? this.methods.get(message.id) : undefined;
      this.violations.push(...serverMessageErrors(message, requestMethod));
      this.messages.push(message);
    }
  }
}
