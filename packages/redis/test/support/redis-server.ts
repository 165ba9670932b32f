import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A real `redis-server` this test started, on 127.0.0.1 at a free port, in a temporary directory. */
export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** Stops the server (SIGTERM, then SIGKILL after 5 s) and removes its directory. */
  stop(): Promise<void>;
  /** Stops it and starts it again on the same port (a Redis restart). */
  restart(): Promise<void>;
  /** Stops the server, keeping its directory, so `up()` brings it back with what it acknowledged. */
  down(): Promise<void>;
  /** Starts a server stopped by `down()` again on the same port. */
  up(): Promise<void>;
}

/** The `redis-server` binary: found on the PATH, or installed with apt-get when root on Debian/Ubuntu. */
function redisServerBinary(): string {
  const find = (): string | undefined => {
    for (const dir of (process.env.PATH ?? '').split(':'))
      if (dir !== '' && existsSync(join(dir, 'redis-server'))) return join(dir, 'redis-server');
    return undefined;
  };
  const found = find();
  if (found !== undefined) return found;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    execFileSync('apt-get', ['install', '-y', '-q', 'redis-server'], {
      stdio: 'ignore',
      timeout: 300_000,
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = find();
    if (installed !== undefined) return installed;
  }
  throw new Error(
    'redis-server is not installed: install the Debian package "redis-server" (apt-get install redis-server) to run the @armature/redis tests',
  );
}

function freePort(): Promise<number> {
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

/** Starts a private redis-server (no persistence to speak of, append-only file in its own directory). */
export async function startRedisServer(): Promise<RedisServer> {
  const binary = redisServerBinary();
  const dir = mkdtempSync(join(tmpdir(), 'armature-redis-'));
  const port = await freePort();
  let child: ChildProcess;
  const launch = async (): Promise<void> => {
    // appendonly: a restart keeps what was acknowledged (the restart test relies on it).
    child = spawn(
      binary,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
        '--protected-mode',
        'no',
      ],
      { stdio: 'ignore' },
    );
    await untilAnswering(port);
  };
  const halt = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited(child);
    clearTimeout(killer);
  };
  await launch();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
    async restart() {
      await halt();
      await launch();
    },
    down: halt,
    up: launch,
  };
}
