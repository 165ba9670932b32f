// Heap measurements of a server in a child process started with --expose-gc, so a test reads
// the live heap of the server alone, after full collections, without the test runner's own
// garbage and without needing --expose-gc on mocha. Both sides of the IPC channel live here.
import { type ChildProcess, fork } from 'node:child_process';
import { within } from './bounded';

/** What a heap child reports: its live heap after full GC (`heap` only) and its own counters. */
export type HeapReport = { readonly heapUsed?: number } & Readonly<Record<string, number | string>>;

type Command = { readonly id: number; readonly kind: 'heap' | 'stats' | 'stop' };

/**
 * Child side: answers the parent's `heap` (full GC twice, then `heapUsed` and `stats()`),
 * `stats` (no GC) and `stop` (`stop()` runs, then the process exits 0). Unhandled rejections
 * and uncaught exceptions are counted in `unhandled`, so the parent sees them. Call once the
 * server listens; `ready` is sent to the parent (its `url`, say).
 */
export function serveHeapProbe(
  ready: Readonly<Record<string, string>>,
  stats: () => Readonly<Record<string, number>>,
  stop: () => Promise<void>,
): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined || process.send === undefined) throw new Error('a heap child runs forked, with --expose-gc');
  let unhandled = 0;
  process.on('unhandledRejection', () => void unhandled++);
  process.on('uncaughtException', () => void unhandled++);
  const send = (message: object): void => void process.send?.(message);
  process.on('message', (command: Command) => {
    if (command.kind === 'stop') {
      void stop().finally(() => {
        send({ id: command.id });
        process.exit(0);
      });
      return;
    }
    if (command.kind === 'heap') {
      gc();
      gc();
    }
    const report: Record<string, number> = { ...stats(), unhandled };
    if (command.kind === 'heap') report.heapUsed = process.memoryUsage().heapUsed;
    send({ id: command.id, report });
  });
  send({ ready });
}

/** Parent side: a forked heap child and bounded requests to it. `stop()` always ends it. */
export class HeapChild {
  private nextId = 1;
  private readonly waiting = new Map<number, (report: HeapReport) => void>();
  private readonly exited: Promise<void>;

  private constructor(
    private readonly child: ChildProcess,
    readonly ready: Readonly<Record<string, string>>,
  ) {
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    child.on('message', (message: { id?: number; report?: HeapReport }) => {
      if (message.id !== undefined) this.waiting.get(message.id)?.(message.report ?? {});
      if (message.id !== undefined) this.waiting.delete(message.id);
    });
  }

  /** Forks `script` (compiled .js) with --expose-gc (its stderr is the test's) and waits (bounded) for its `ready`. */
  static async fork(script: string, env: Record<string, string> = {}): Promise<HeapChild> {
    const child = fork(script, [], {
      execArgv: ['--expose-gc'],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    try {
      const ready = await within(
        new Promise<Record<string, string>>((resolve, reject) => {
          child.on('message', (message: { ready?: Record<string, string> }) => message.ready !== undefined && resolve(message.ready));
          child.once('exit', (code) => reject(new Error(`the heap child exited (${String(code)}) before it was ready`)));
        }),
        'the heap child to be ready',
        20_000,
      );
      return new HeapChild(child, ready);
    } catch (error) {
      child.kill('SIGKILL');
      throw error;
    }
  }

  /** The child's live heap after full GC, with its counters. */
  async heap(): Promise<HeapReport & { readonly heapUsed: number }> {
    return (await this.ask('heap')) as HeapReport & { readonly heapUsed: number };
  }

  /** The child's counters (no GC). */
  stats(): Promise<HeapReport> {
    return this.ask('stats');
  }

  /** Asks the child to close its server and exit; kills it when it does not within 10 s. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    await this.ask('stop').catch(() => undefined);
    const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 10_000).unref());
    if ((await Promise.race([this.exited, timer])) === 'timeout') {
      this.child.kill('SIGKILL');
      await this.exited;
    }
  }

  private ask(kind: Command['kind']): Promise<HeapReport> {
    const id = this.nextId++;
    const answer = new Promise<HeapReport>((resolve) => this.waiting.set(id, resolve));
    this.child.send({ id, kind } satisfies Command);
    return within(answer, `the heap child's answer to ${kind}`, 20_000);
  }
}
