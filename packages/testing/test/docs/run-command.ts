import { spawn } from 'node:child_process';

/** What a finished command printed and how it exited. */
export interface CommandResult {
  readonly code: number | null;
  readonly output: string;
}

/** Runs `command args` in `cwd`, killed after `timeoutMs`; stdout and stderr together. */
export function runCommand(command: string, args: readonly string[], cwd: string, timeoutMs: number): Promise<CommandResult> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      output += `\n[killed after ${timeoutMs} ms]`;
      child.kill('SIGKILL');
    }, timeoutMs);
    let settled = false;
    const settle = (code: number | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ code, output });
    };
    child.once('error', (error) => {
      output += `\n${error.message}`;
      settle(null);
    });
    child.once('close', (code) => settle(code));
  });
}
