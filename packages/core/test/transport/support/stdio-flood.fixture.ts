/**
 * A child process for the stdio backlog test. On `flood` it sends `count` log notifications
 * of `size` characters without waiting for any of them (a handler that keeps logging to a
 * client that stopped reading), then reports, on stderr, its heap after a full GC and how
 * many notifications the transport refused, and answers the request. `ping` is answered.
 * `MAX_OUTPUT_BACKLOG` sets the transport's `maxOutputBacklog`. Run with `--expose-gc`.
 */
import type { JSONRPCMessage } from '../../../src/wire/mcp-types.generated';
import { silentLogger } from '../../../src/logging/server-logger';
import { StdioServerTransport } from '../../../src/transport/stdio.transport';

const transport = new StdioServerTransport({ logger: silentLogger, maxOutputBacklog: Number(process.env.MAX_OUTPUT_BACKLOG) });

function flood(id: number, count: number, size: number): void {
  let refused = 0;
  const data = 'x'.repeat(size);
  for (let i = 0; i < count; i++) {
    transport
      .send({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: `${i}:${data}` } })
      .catch(() => void refused++);
  }
  // Refusals are counted in microtasks; report after them.
  setImmediate(() => {
    (global as { gc?: () => void }).gc?.();
    const heapMb = process.memoryUsage().heapUsed / 2 ** 20;
    process.stderr.write(`flooded heapMb=${heapMb.toFixed(1)} refused=${refused}\n`);
    void transport.send({ jsonrpc: '2.0', id, result: { refused } });
  });
}

transport.onmessage = (message: JSONRPCMessage) => {
  const { id, method, params } = message as { id?: number; method?: string; params?: { count: number; size: number } };
  if (id === undefined) return;
  if (method === 'flood' && params !== undefined) flood(id, params.count, params.size);
  else void transport.send({ jsonrpc: '2.0', id, result: {} });
};
transport.oninputend = () => void transport.close().then(() => process.exit(0));
void transport.start();
