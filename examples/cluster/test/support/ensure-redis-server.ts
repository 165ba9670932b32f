import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

function onPath(): boolean {
  return (process.env.PATH ?? '').split(':').some((dir) => dir !== '' && existsSync(join(dir, 'redis-server')));
}

/**
 * Makes sure `redis-server` can be started (the tests' Redis is always their own): found on the
 * PATH, or installed with apt-get when running as root on Debian/Ubuntu (as on CI); otherwise
 * the cluster's own start-up error names the package to install.
 */
export function ensureRedisServer(): void {
  if (onPath() || process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return;
  execFileSync('apt-get', ['install', '-y', '-q', 'redis-server'], {
    stdio: 'ignore',
    timeout: 300_000,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
