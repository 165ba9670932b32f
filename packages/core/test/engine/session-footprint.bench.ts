/**
 * Heap held per idle, initialized session (the session object and what it keeps, not its
 * transport). Run with: node --expose-gc packages/core/dist/test/engine/session-footprint.bench.js
 * Not a test: it prints a number and asserts nothing.
 */
import { ServerSession } from '../../src/session/server-session';
import { silentLogger } from '../../src/logging/server-logger';
import type { ServerFeatures } from '../../src/protocol/server-features';
import type { JSONRPCMessage } from '../../src/wire/mcp-types.generated';
import type { MessageExtraInfo, Transport } from '../../src/transport/transport';
import { SENT } from '../../src/transport/sent';

const COUNT = Number(process.argv[2] ?? 20_000);

/** The smallest transport possible, so the number is the session's own. */
class NullTransport implements Transport {
  onmessage: ((message: JSONRPCMessage, extra?: MessageExtraInfo) => void) | undefined = undefined;
  onclose: (() => void) | undefined = undefined;
  onerror: ((error: Error) => void) | undefined = undefined;
  oninputend: (() => void) | undefined = undefined;
  start(): Promise<void> {
    return SENT;
  }
  send(): Promise<void> {
    return SENT;
  }
  close(): Promise<void> {
    return SENT;
  }
}

function gc(): void {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (collect === undefined) throw new Error('run with node --expose-gc');
  collect();
  collect();
}

async function main(): Promise<void> {
  const features: ServerFeatures = { tools: { list: () => [], call: () => ({ content: [] }) } };
  const options = { serverInfo: { name: 'footprint', version: '1' }, features, logger: silentLogger };
  const transports: NullTransport[] = Array.from({ length: COUNT }, () => new NullTransport());
  const sessions: ServerSession[] = [];
  gc();
  const before = process.memoryUsage().heapUsed;
  for (const transport of transports) {
    const session = new ServerSession(transport, options);
    await session.start();
    transport.onmessage?.({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    });
    transport.onmessage?.({ jsonrpc: '2.0', method: 'notifications/initialized' });
    transport.onmessage?.({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'x', arguments: {} } });
    sessions.push(session);
  }
  gc();
  const perSession = (process.memoryUsage().heapUsed - before) / COUNT;
  process.stdout.write(`${perSession.toFixed(0)} bytes of heap per idle initialized session (${COUNT} sessions)\n`);
  await Promise.all(sessions.map((s) => s.close()));
}

void main();
