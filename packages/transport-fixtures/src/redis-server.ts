import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A real `redis-server` started here, on 127.0.0.1 at a free port, in a temporary directory. */
export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** Stops the server (SIGTERM: Redis writes its append-only file; SIGKILL after 5 s) and removes its directory. */
  stop(): Promise<void>;
  /** Stops it and starts it again on the same port after `downMs` (a Redis restart; default 0). */
  restart(downMs?: number): Promise<void>;
  /** Stops the server, keeping its directory, so `up()` brings it back with what it acknowledged. */
  down(): Promise<void>;
  /** Starts a server stopped by `down()` again on the same port. */
  up(): Promise<void>;
}

export interface RedisServerOptions {
  /** The temporary directory's name prefix (default `armature-redis-`). */
  readonly prefix?: string;
  /** `--appendfsync always` (every acknowledged write on disk before the answer); default `everysec`. */
  readonly fsyncAlways?: boolean;
}

function onPath(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':'))
    if (dir !== '' && existsSync(join(dir, 'redis-server'))) return join(dir, 'redis-server');
  return undefined;
}

/**
 * The `redis-server` binary: found on the PATH, or installed with apt-get when running as root
 * on Debian/Ubuntu (as on CI); otherwise an error that names the package to install.
 */
export function redisServerBinary(): string {
  const found = onPath();
  if (found !== undefined) return found;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    execFileSync('apt-get', ['install', '-y', '-q', 'redis-server'], {
      stdio: 'ignore',
      timeout: 300_000,
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = onPath();
    if (installed !== undefined) return installed;
  }
  throw new Error(
    'redis-server is not installed: install the Debian package "redis-server" (apt-get install redis-server), or give a Redis URL of yours',
  );
}

/** A free TCP port on 127.0.0.1 (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once the port accepts a connection and answers PING, or rejects after `timeoutMs`. */
async function untilAnswering(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      const done = (value: boolean): void => {
        socket.destroy();
        resolve(value);
      };
      socket.setTimeout(500, () => done(false));
      socket.once('error', () => done(false));
      socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
      socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server on port ${port} did not answer within ${timeoutMs} ms`);
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts a private `redis-server` with an append-only file, so a restart keeps what it acknowledged. */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  const binary = redisServerBinary();
  const dir = mkdtempSync(join(tmpdir(), options.prefix ?? 'armature-redis-'));
  const port = await freePort();
  const fsync = options.fsyncAlways === true ? 'always' : 'everysec';
  let child: ChildProcess | undefined;
  const up = async (): Promise<void> => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--protected-mode', 'no'];
    child = spawn(binary, [...args, '--appendonly', 'yes', '--appendfsync', fsync], { stdio: 'ignore' });
    await untilAnswering(port);
  };
  const down = async (): Promise<void> => {
    const running = child;
    if (running === undefined || running.exitCode !== null || running.signalCode !== null) return;
    running.kill('SIGTERM');
    const killer = setTimeout(() => running.kill('SIGKILL'), 5_000);
    await exited(running);
    clearTimeout(killer);
  };
  await up();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      await down();
      rmSync(dir, { recursive: true, force: true });
    },
    async restart(downMs = 0) {
      await down();
      if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
      await up();
    },
    down,
    up,
  };
}
