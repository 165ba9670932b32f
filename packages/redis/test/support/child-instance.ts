import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

/** An instance in a child process (see scale-child.ts). */
export interface ChildInstance {
  readonly url: string;
  /** `kill -9`: no shutdown code runs. */
  kill9(): Promise<void>;
  /** Stops it if it still runs (SIGTERM, SIGKILL after 5 s). */
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts an instance in its own Node process on `redisUrl`; resolves with its URL (bounded wait). */
export async function startChildInstance(
  name: string,
  redisUrl: string,
  timeoutMs = 15_000,
  env: Readonly<Record<string, string>> = {},
): Promise<ChildInstance> {
  const child = spawn(process.execPath, [join(__dirname, 'scale-child.js')], {
    env: { ...process.env, ...env, REDIS_URL: redisUrl, INSTANCE_NAME: name },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2_000)));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`the child instance did not start within ${timeoutMs} ms: ${stderr}`)), timeoutMs);
    const fail = (error: Error): void => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const onExit = (code: number | null): void => fail(new Error(`the child instance exited with ${String(code)}: ${stderr}`));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.indexOf('\n');
      if (line >= 0) {
        clearTimeout(timer);
        child.off('exit', onExit);
        resolve(out.slice(0, line).trim());
      }
    });
    child.once('exit', onExit);
  });
  return {
    url,
    async kill9() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited(child);
      clearTimeout(killer);
    },
  };
}
