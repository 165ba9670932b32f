import { PassThrough } from 'node:stream';
import type { DecodeLimits } from '../../src/jsonrpc/decode-limits';
import { silentLogger } from '../../src/logging/server-logger';
import { StdioServerTransport } from '../../src/transport/stdio.transport';

/** Core's stdio transport on in-memory streams: write lines to `stdin`, read what it wrote as parsed lines. */
export function stdioOverStreams(limits?: Partial<DecodeLimits>): {
  transport: StdioServerTransport;
  stdin: PassThrough;
  output: () => unknown[];
} {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let written = '';
  stdout.on('data', (chunk: Buffer) => (written += chunk.toString('utf8')));
  const transport = new StdioServerTransport({ stdin, stdout, logger: silentLogger, limits });
  const output = (): unknown[] =>
    written
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as unknown);
  return { transport, stdin, output };
}
