import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import * as path from 'node:path';

const FIXTURE = path.join(__dirname, 'slow-app.fixture.js');

/** A received JSON-RPC message, with the members these tests read. */
export type SlowAppMessage = {
  id?: string | number;
  method?: string;
  result?: { content?: { text?: string }[] };
  error?: { code: number; message: string };
};

/**
 * The slow-app fixture as a real child process (HTTP or stdio), with bounded waits; every
 * test ends it through `exit()` (SIGTERM was sent) or `kill()`.
 */
export class SlowAppChild {
  readonly messages: SlowAppMessage[] = [];
  stderr = '';
  private pending = '';
  private readonly process: ChildProcessWithoutNullStreams;
  private readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(env: Record<string, string>) {
    this.process = spawn(process.execPath, [FIXTURE], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    this.process.stderr.setEncoding('utf8');
    this.process.stderr.on('data', (chunk: string) => (this.stderr += chunk));
    this.process.stdout.setEncoding('utf8');
    this.process.stdout.on('data', (chunk: string) => this.onStdout(chunk));
    this.process.stdin.on('error', () => undefined);
    this.exited = new Promise((resolve) => this.process.once('exit', (code, signal) => resolve({ code, signal })));
  }

  /** Writes raw text to stdin (stdio mode). */
  write(text: string): void {
    this.process.stdin.write(text);
  }

  signal(signal: NodeJS.Signals): void {
    this.process.kill(signal);
  }

  /** Polls (bounded) until `predicate` holds. */
  async until(predicate: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; stderr:\n${this.stderr.slice(-1500)}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /** The URL an HTTP child listens on. */
  async url(): Promise<string> {
    await this.until(() => /listening on (\S+)/.test(this.stderr), 'the listening line');
    return /listening on (\S+)/.exec(this.stderr)![1] as string;
  }

  /** Waits (bounded) for the process to exit; kills it when it does not. */
  async exit(timeoutMs = 20_000): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), timeoutMs).unref());
    const outcome = await Promise.race([this.exited, timer]);
    if (outcome !== 'timeout') return outcome;
    this.process.kill('SIGKILL');
    await this.exited;
    throw new Error(`the child did not exit within ${timeoutMs} ms; stderr:\n${this.stderr.slice(-1500)}`);
  }

  /** Ends the process now (cleanup after a failed test). */
  async kill(): Promise<void> {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return;
    this.process.kill('SIGKILL');
    await this.exited;
  }

  private onStdout(chunk: string): void {
    this.pending += chunk;
    let newline: number;
    while ((newline = this.pending.indexOf('\n')) >= 0) {
      const line = this.pending.slice(0, newline);
      this.pending = this.pending.slice(newline + 1);
      this.messages.push(JSON.parse(line) as SlowAppMessage);
    }
  }
}
