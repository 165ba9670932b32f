import { expect } from 'chai';
import { ServerSession } from '../../src/session/server-session';
import { silentLogger } from '../../src/logging/server-logger';
import { InMemoryTransport } from '../../src/transport/in-memory.transport';
import type { JSONRPCMessage } from '../../src/wire/mcp-types.generated';
import { testSessionOptions } from '../support/connect';
import { createFixtureFeatures } from '../support/fixture-features';
import { stdioOverStreams } from '../support/stdio-streams';
import { waitUntil } from '../support/wait';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'decoded-frames', version: '1.0.0' } },
};

/** A session on core's stdio transport over in-memory streams; returns its answers as parsed lines. */
async function stdioSession(
  maxIdLength: number | undefined,
): Promise<{ send: (m: object) => void; answers: () => unknown[]; close: () => Promise<void> }> {
  const { transport, stdin, output } = stdioOverStreams(maxIdLength === undefined ? undefined : { maxIdLength });
  const session = new ServerSession(transport, testSessionOptions(createFixtureFeatures(), { logger: silentLogger }));
  await session.start();
  return {
    send: (message) => stdin.write(`${JSON.stringify(message)}\n`),
    answers: output,
    close: () => session.close(),
  };
}

/**
 * Messages decoded by core's stdio transport are shape-checked once, by the decoder, with the
 * transport's limits; messages from other transports are still checked by the session.
 */
describe('a session on frames core decoded', () => {
  it('serves a string id as long as the stdio transport allows (maxIdLength above the default 256)', async () => {
    const server = await stdioSession(300);
    try {
      const id = 'x'.repeat(280);
      server.send(INITIALIZE);
      server.send({ jsonrpc: '2.0', id, method: 'ping' });
      await waitUntil(() => server.answers().length >= 2, 'the ping answer');
      expect(server.answers()[1]).to.deep.equal({ jsonrpc: '2.0', id, result: {} });
    } finally {
      await server.close();
    }
  });

  it('still refuses an id over the stdio transport limit, without echoing it, and keeps serving', async () => {
    const server = await stdioSession(undefined);
    try {
      server.send(INITIALIZE);
      server.send({ jsonrpc: '2.0', id: 'y'.repeat(257), method: 'ping' });
      server.send({ jsonrpc: '2.0', id: 2, method: 'ping' });
      await waitUntil(() => server.answers().length >= 3, 'three answers');
      const [, refused, served] = server.answers() as { id?: unknown; error?: { code: number }; result?: unknown }[];
      expect(refused!.error!.code).to.equal(-32600);
      expect(refused!.id ?? null).to.equal(null);
      expect(JSON.stringify(refused)).to.not.include('yyyy');
      expect(served).to.deep.equal({ jsonrpc: '2.0', id: 2, result: {} });
    } finally {
      await server.close();
    }
  });

  it('checks the shape of messages from another transport itself', async () => {
    const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
    const session = new ServerSession(serverEnd, testSessionOptions(createFixtureFeatures(), { logger: silentLogger }));
    await session.start();
    const received: JSONRPCMessage[] = [];
    clientEnd.onmessage = (message) => received.push(message);
    await clientEnd.start();
    try {
      await clientEnd.send({ jsonrpc: '1.0', id: 5, method: 'ping' } as unknown as JSONRPCMessage);
      await waitUntil(() => received.length >= 1, 'the refusal');
      expect(received[0]).to.deep.include({ jsonrpc: '2.0', id: 5 });
      expect((received[0] as { error?: { code: number } }).error!.code).to.equal(-32600);
    } finally {
      await session.close();
    }
  });
});
