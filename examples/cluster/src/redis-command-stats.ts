import { createConnection } from 'node:net';

/** Commands Redis has run since it started, by name (`INFO commandstats`), read over a plain socket. */
export async function redisCommandCounts(redisUrl: string, timeoutMs = 5_000): Promise<Map<string, number>> {
  const { hostname, port } = new URL(redisUrl);
  const reply = await new Promise<string>((resolve, reject) => {
    const socket = createConnection({ host: hostname, port: Number(port) }, () => socket.write('INFO commandstats\r\n'));
    let text = '';
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new Error(`no INFO answer from ${redisUrl} within ${timeoutMs} ms`));
    });
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      // A bulk string: `$<length>\r\n<payload>\r\n`.
      const header = /^\$(\d+)\r\n/.exec(text);
      if (header !== null && Buffer.byteLength(text) >= header[0].length + Number(header[1]) + 2) {
        socket.end();
        resolve(text.slice(header[0].length));
      }
    });
    socket.once('error', reject);
  });
  const counts = new Map<string, number>();
  for (const match of reply.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) counts.set(match[1]!, Number(match[2]));
  return counts;
}

/** What ran between two `redisCommandCounts` readings, without the INFO commands themselves. */
export function commandsBetween(before: ReadonlyMap<string, number>, after: ReadonlyMap<string, number>): Map<string, number> {
  const delta = new Map<string, number>();
  for (const [name, calls] of after) {
    const ran = calls - (before.get(name) ?? 0) - (name === 'info' ? 1 : 0);
    if (ran > 0) delta.set(name, ran);
  }
  return delta;
}
