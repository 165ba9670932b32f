import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { redisServerBinary } from '@armature/transport-fixtures/redis-server';

/** `redis-cli`, installed beside `redis-server` (Debian's redis-tools), or undefined. */
function redisCli(): string | undefined {
  const cli = join(dirname(redisServerBinary()), 'redis-cli');
  return existsSync(cli) ? cli : undefined;
}

function cli(binary: string, redisUrl: string, args: readonly string[]): string {
  return execFileSync(binary, ['-u', redisUrl, '--raw', ...args], { encoding: 'utf8', timeout: 10_000, maxBuffer: 64 * 2 ** 20 });
}

/**
 * How many `notifications/resources/updated` events for `uri` each SSE event stream in Redis
 * holds (streams holding none left out). Read when a client missed acknowledged updates: a
 * stream holding them all means the events were appended and not delivered; fewer, that they
 * were never appended. Undefined when `redis-cli` is not installed.
 */
export function updatesInEventStreams(redisUrl: string, uri: string): Map<string, number> | undefined {
  const binary = redisCli();
  if (binary === undefined) return undefined;
  const counts = new Map<string, number>();
  const keys = cli(binary, redisUrl, ['--scan', '--pattern', '*events:*'])
    .split('\n')
    .filter((key) => key !== '' && !key.includes('events-once:'));
  for (const key of keys) {
    const lines = cli(binary, redisUrl, ['XRANGE', key, '-', '+']).split('\n');
    const count = lines.filter((line) => line.includes('"notifications/resources/updated"') && line.includes(JSON.stringify(uri))).length;
    if (count > 0) counts.set(key, count);
  }
  return counts;
}
