import { spawn } from 'node:child_process';

/** A scaffolded server started as `node dist/src/main.js …`, serving at `url`. */
export interface ServedScaffold {
  readonly url: string;
  /** SIGTERM, then SIGKILL after 5 s; resolves once the process is gone. */
  stop(): Promise<void>;
}

/**
 * Starts a built scaffold's entry with `args` and `env`, and resolves once it prints the URL it
 * serves (matched by `announced`, whose first group is the URL) on stderr; rejects after 20 s.
 */
export function serveScaffold(dir: string, args: readonly string[], env: NodeJS.ProcessEnv, announced: RegExp): Promise<ServedScaffold> {
  const child = spawn(process.execPath, ['dist/src/main.js', ...args], {
    cwd: dir,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killer);
  };
  return new Promise((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(() => {
      void stop().then(() => reject(new Error(`no URL announced within 20 s; stderr:\n${stderr}`)));
    }, 20_000);
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = announced.exec(stderr);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve({ url: match[1], stop });
      }
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${String(code)}) before serving; stderr:\n${stderr}`));
    });
  });
}
