import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

/** One instance running as a child process. */
export interface InstanceProcess {
  readonly name: string;
  /** Its endpoint, `http://127.0.0.1:<port>/mcp`. */
  readonly url: string;
  readonly pid: number;
  /** Resolves when the process has exited. */
  readonly exited: Promise<void>;
  /** Sends a signal: `SIGTERM` drains and stops it, `SIGKILL` is a crash. */
  kill(signal: NodeJS.Signals): void;
}

const START_MS = 20_000;

/** Starts `dist/src/instance.js` with `env` and waits (bounded) for its `listening <url>` line. */
export function startInstanceProcess(name: string, env: Readonly<Record<string, string>>): Promise<InstanceProcess> {
  // REDIS_URL comes from `env` only: without it the instance is the in-memory default.
  const { REDIS_URL: _inherited, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, [join(__dirname, 'instance.js')], {
    env: { ...inherited, ...env, INSTANCE_NAME: name },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    // Kept short: only for the error message if it fails to start.
    if (stderr.length < 4_000) stderr += chunk.toString();
    if (process.env.CLUSTER_VERBOSE === '1') process.stderr.write(`[${name}] ${chunk.toString()}`);
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`instance ${name} did not start within ${START_MS} ms: ${stderr.trim()}`));
    }, START_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`instance ${name} exited (${String(code)}) before listening: ${stderr.trim()}`));
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\S+)/.exec(out);
      if (match === null) return;
      clearTimeout(timer);
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      resolve({ name, url: match[1]!, pid: child.pid!, exited, kill: (signal) => void child.kill(signal) });
    });
  });
}
