import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { within } from '@armature/transport-fixtures';

const MAIN = join(__dirname, 'upstream-main.js');

/** The test upstream running as a child process (Streamable HTTP on 127.0.0.1). */
export interface ChildUpstream {
  readonly url: string;
  readonly port: number;
  readonly exited: Promise<void>;
  /** SIGKILL, then waits (bounded) for the exit. */
  kill(): Promise<void>;
}

/** Starts the upstream on `port` (0: any) and waits (bounded) for it to print its URL. */
export async function spawnUpstream(port = 0): Promise<ChildUpstream> {
  const child: ChildProcess = spawn(process.execPath, [MAIN, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await within(
    new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const line = out.split('\n')[0];
        if (out.includes('\n') && line !== undefined) resolve(line.trim());
      });
      child.once('exit', (code) => reject(new Error(`the upstream exited (${String(code)}) before listening`)));
    }),
    'the upstream child to listen',
    15_000,
  ).catch(async (error: unknown) => {
    child.kill('SIGKILL');
    await within(exited, 'the upstream child to exit', 5000);
    throw error;
  });
  return {
    url,
    port: Number(new URL(url).port),
    exited,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await within(exited, 'the upstream child to exit', 5000);
    },
  };
}
