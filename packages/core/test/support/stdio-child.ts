import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import * as path from 'node:path';
import type { RequestId } from '../../src/wire/mcp-types.generated';
import { waitUntil } from './wait';
import { revisionOfRequest } from '@armature/testing';
import { serverMessageErrors } from './wire-schema';

/** Path of the compiled stdio fixture server. */
export const STDIO_FIXTURE = path.join(__dirname, 'stdio-server.fixture.js');

/** A message from the child, with the members tests read. */
export type ChildMessage = {
  id?: RequestId;
  method?: string;
  result?: Record<string, unknown> & { content?: { type: string; text?: string }[]; isError?: boolean };
  error?: { code: number; message: string; data?: unknown };
  params?: Record<string, unknown>;
};

/** The earlier name of `ChildMessage`. */
export type RawMessage = ChildMessage;

/** How a child process ended. */
export type ChildExit = { code: number | null; signal: NodeJS.Signals | null };

/**
 * A compiled server script run as a real stdio child process and driven byte by byte, for
 * frames no SDK client would send. Every stdout line must be one valid MCP message (checked
 * against the schema); anything else is recorded as a violation. Every wait is bounded, and
 * `stop()` always ends the process. The subclasses say which script to start.
 */
export class StdioProcess {
  readonly messages: ChildMessage[] = [];
  /** Every stdout line as written (for checks `JSON.parse` would blur, such as rounded ids). */
  readonly rawLines: string[] = [];
  readonly violations: string[] = [];
  stderr = '';
  private readonly child: ChildProcessWithoutNullStreams;
  /** Requests sent, by id: a response is checked against its request's method and revision. */
  private readonly requests = new Map<RequestId, Record<string, unknown>>();
  private pending = '';
  private readonly exited: Promise<ChildExit>;
  private exitInfo: ChildExit | undefined;

  /** Starts `script` (a compiled .js file) with extra environment variables. */
  protected constructor(script: string, env: Record<string, string>) {
    const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child = child;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => this.onStdout(chunk));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (this.stderr += chunk));
    child.stdin.on('error', () => undefined);
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.exitInfo = { code, signal };
        resolve(this.exitInfo);
      }),
    );
  }

  /** Whether the process has exited. */
  get hasExited(): boolean {
    return this.exitInfo !== undefined;
  }

  /** Writes raw bytes to stdin. */
  write(data: string | Buffer): void {
    this.child.stdin.write(data);
  }

  /** Writes one message as a line, remembering request methods for the schema checks. */
  send(message: Record<string, unknown>): void {
    if (typeof message.method === 'string' && (typeof message.id === 'string' || typeof message.id === 'number'))
      this.requests.set(message.id, message);
    this.write(`${JSON.stringify(message)}\n`);
  }

  /** Sends a request without waiting. */
  start(method: string, params: Record<string, unknown> | undefined, id: RequestId): void {
    this.send(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
  }

  /** Sends a request and waits for its response. */
  async request(method: string, params: Record<string, unknown> | undefined, id: RequestId, timeoutMs = 5000): Promise<ChildMessage> {
    const from = this.messages.length;
    this.start(method, params, id);
    return this.next((m) => m.id === id && m.method === undefined, `response to ${method} #${String(id)}`, from, timeoutMs);
  }

  /** `tools/call` and its response. */
  call(name: string, args: Record<string, unknown>, id: RequestId, timeoutMs?: number): Promise<ChildMessage> {
    return this.request('tools/call', { name, arguments: args }, id, timeoutMs);
  }

  /** initialize + notifications/initialized. */
  async initialize(): Promise<void> {
    const response = await this.request(
      'initialize',
      { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'stdio-child-test', version: '1' } },
      'init',
    );
    if (response.result === undefined) throw new Error(`initialize failed: ${JSON.stringify(response)}`);
    this.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }

  /** The first message at or after index `from` that matches. */
  async next(match: (m: ChildMessage) => boolean, what: string, from = 0, timeoutMs = 5000): Promise<ChildMessage> {
    let found: ChildMessage | undefined;
    await waitUntil(
      () => (found = this.messages.slice(from).find(match)) !== undefined,
      `${what}; stderr so far:\n${this.stderr.slice(-2000)}`,
      timeoutMs,
    );
    return found!;
  }

  /** The response with `id`, once it arrives. */
  responseTo(id: RequestId, timeoutMs = 5000): Promise<ChildMessage> {
    return this.next((m) => m.id === id && m.method === undefined, `response #${String(id)}`, 0, timeoutMs);
  }

  /** Every response with `id` received so far. */
  responsesTo(id: RequestId): ChildMessage[] {
    return this.messages.filter((m) => m.id === id && m.method === undefined);
  }

  /** Waits until stderr contains `text`. */
  async stderrContains(text: string, timeoutMs = 5000): Promise<void> {
    await waitUntil(
      () => this.stderr.includes(text),
      `stderr to contain ${JSON.stringify(text)}; got:\n${this.stderr.slice(-2000)}`,
      timeoutMs,
    );
  }

  /** Sends a signal to the process. */
  kill(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }

  /** Stops reading the server's stdout (the client went away without closing its end cleanly). */
  closeOutput(): void {
    this.child.stdout.destroy();
  }

  /** Ends stdin (the client disconnects). */
  endInput(): void {
    this.child.stdin.end();
  }

  /** Waits (bounded) for the process to exit on its own. */
  async exit(timeoutMs = 5000): Promise<ChildExit> {
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), timeoutMs).unref());
    const outcome = await Promise.race([this.exited, timeout]);
    if (outcome === 'timeout') throw new Error(`the process did not exit within ${timeoutMs} ms; stderr:\n${this.stderr.slice(-2000)}`);
    return outcome;
  }

  /** Ends stdin and waits for the exit; kills the process if it does not exit in time. */
  async stop(timeoutMs = 5000): Promise<ChildExit> {
    if (this.exitInfo !== undefined) return this.exitInfo;
    this.child.stdin.end();
    try {
      return await this.exit(timeoutMs);
    } catch (error) {
      this.child.kill('SIGKILL');
      await this.exited;
      throw error;
    }
  }

  /**
   * `message` against the schema of its request's revision: a response by its request, a
   * listen stream's notification by the `subscriptions/listen` request its `_meta` names, any
   * other notification as MCP 2025-11-25 (the revision whose notifications travel on their own).
   */
  private schemaErrors(message: ChildMessage): string[] {
    if (message.method === undefined && message.id !== undefined) {
      const request = this.requests.get(message.id);
      return serverMessageErrors(
        message,
        request?.method as string | undefined,
        request === undefined ? undefined : revisionOfRequest(request),
      );
    }
    const meta = (message.params as { _meta?: Record<string, unknown> } | undefined)?._meta;
    const listen = meta?.['io.modelcontextprotocol/subscriptionId'];
    const request = typeof listen === 'string' || typeof listen === 'number' ? this.requests.get(listen) : undefined;
    return serverMessageErrors(message, undefined, request === undefined ? undefined : revisionOfRequest(request));
  }

  private onStdout(chunk: string): void {
    this.pending += chunk;
    let newline: number;
    while ((newline = this.pending.indexOf('\n')) >= 0) {
      const line = this.pending.slice(0, newline);
      this.pending = this.pending.slice(newline + 1);
      this.rawLines.push(line);
      let message: ChildMessage;
      try {
        message = JSON.parse(line) as ChildMessage;
      } catch {
        this.violations.push(`stdout line is not JSON: ${line.slice(0, 200)}`);
        continue;
      }
      this.violations.push(...this.schemaErrors(message));
      this.messages.push(message);
    }
  }
}

/** The stdio fixture server (`STDIO_FIXTURE`) as a child process. */
export class StdioChild extends StdioProcess {
  /** Starts the fixture with extra environment variables. */
  static spawn(env: Record<string, string> = {}): StdioChild {
    return new StdioChild(STDIO_FIXTURE, env);
  }

  /** Ends stdin and waits (bounded) for the exit code; kills the process if it does not exit. */
  async close(): Promise<number | null> {
    return (await this.stop()).code;
  }
}
