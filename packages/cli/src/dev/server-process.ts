import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { CliOutput } from '../output/cli-output';
import { isDevMessage, type DevMessage } from '@armature/core/build';

/** How long a server gets to exit on SIGTERM, or to answer a reload, before harsher means. */
const GRACE_MS = 5000;

/**
 * The server `armature dev` runs: `node <entry> ...args`, with stdio inherited (a stdio MCP
 * client keeps talking to whichever process is current) and an IPC channel for reloads.
 */
export class ServerProcess {
  private child: ChildProcess | undefined;
  private canReload = false;

  constructor(
    private readonly entry: string,
    private readonly args: readonly string[],
    private readonly output: CliOutput,
  ) {}

  /** The running child's pid, if any. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the server (no-op when it runs). */
  start(): void {
    if (this.child) return;
    const child = spawn(process.execPath, ['--enable-source-maps', this.entry, ...this.args], {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, ARMATURE_DEV: '1' },
    });
    this.child = child;
    this.canReload = false;
    child.on('message', (message: unknown) => {
      if (isDevMessage(message) && message.type === 'armature:dev-ready') this.canReload = message.reload;
    });
    child.on('exit', (code, signal) => {
      if (this.child !== child) return;
      this.child = undefined;
      this.output.line(`armature: server exited (${signal ?? `code ${code ?? 0}`}); it restarts after the next change.`);
    });
  }

  /** Reloads in place when the server said it can, otherwise restarts it. */
  async refresh(manifests: readonly string[], changedFiles: readonly string[]): Promise<'reloaded' | 'restarted'> {
    const child = this.child;
    if (child && this.canReload && (await this.reload(child, { type: 'armature:reload', manifests, changedFiles }))) return 'reloaded';
    await this.stop();
    this.start();
    return 'restarted';
  }

  /** Stops the server: SIGTERM, then SIGKILL after a grace period. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), GRACE_MS);
    try {
      await exited;
    } finally {
      clearTimeout(timer);
    }
  }

  private async reload(child: ChildProcess, message: DevMessage): Promise<boolean> {
    return new Promise((resolve) => {
      const finish = (ok: boolean): void => {
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(ok);
      };
      const onMessage = (reply: unknown): void => {
        if (!isDevMessage(reply) || reply.type !== 'armature:reloaded') return;
        if (!reply.ok) this.output.line(`armature: reload failed (${reply.error ?? 'no reason given'}); restarting.`);
        finish(reply.ok);
      };
      const timer = setTimeout(() => finish(false), GRACE_MS);
      child.on('message', onMessage);
      child.send(message, (error) => {
        if (error) finish(false);
      });
    });
  }
}
