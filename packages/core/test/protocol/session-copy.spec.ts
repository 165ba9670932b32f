import { expect } from 'chai';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { loggingLevelRank } from '../../src/protocol/logging-levels';
import type { JSONRPCMessage } from '../../src/wire/mcp-types.generated';
import { ServerSession } from '../../src/session/server-session';
import { InMemoryTransport } from '../../src/transport/in-memory.transport';
import { checkedSdkClient, testSessionOptions } from '../support/connect';
import { createFixtureFeatures } from '../support/fixture-features';
import { serverMessageErrors } from '../support/wire-schema';

/**
 * What lets one 2025 session be served by copies on several instances: a copy
 * restored from stored state (log level, subscriptions), changes another copy made, and
 * server→client request ids that name the instance that asked.
 */
describe('a 2025 session as one of several copies', () => {
  it('with clientRequestIdPrefix, asks the client with string ids "<prefix><n>" and matches the answers', async () => {
    const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
    const session = new ServerSession(serverEnd, testSessionOptions(createFixtureFeatures()), { clientRequestIdPrefix: 'a1b2c3-' });
    await session.start();
    const { client, wire } = await checkedSdkClient(clientEnd, 'copy-test', {
      capabilities: { elicitation: { form: {} } },
      configure: (c) => c.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { name: 'Ada' } })),
    });
    try {
      for (const expected of ['a1b2c3-1', 'a1b2c3-2']) {
        const result = await client.callTool({ name: 'ask', arguments: {} });
        expect(JSON.parse((result.content as { text: string }[])[0]!.text)).to.deep.equal({ action: 'accept', content: { name: 'Ada' } });
        expect((wire.messagesWithMethod('elicitation/create').at(-1) as { id?: unknown }).id).to.equal(expected);
      }
      wire.assertClean();
    } finally {
      await client.close();
      await session.close();
    }
  });

  it('restored with a log level and subscriptions, it hears what it subscribed to and applies changes made by other copies', async () => {
    const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
    const received: JSONRPCMessage[] = [];
    clientEnd.onmessage = (message) => received.push(message);
    await clientEnd.start();
    const session = new ServerSession(serverEnd, testSessionOptions(createFixtureFeatures()), {
      assumeInitialized: { protocolVersion: '2025-11-25', clientCapabilities: {}, logLevel: 'error', subscriptions: ['fixture://static'] },
    });
    await session.start();
    try {
      expect(session.logEnabled(loggingLevelRank('warning'))).to.equal(false);
      expect(session.logEnabled(loggingLevelRank('error'))).to.equal(true);
      await session.notifyResourceUpdated('fixture://static');
      await session.notifyResourceUpdated('fixture://items/1');
      session.applyChange({ subscribe: 'fixture://items/1', logLevel: 'debug' });
      session.applyChange({ unsubscribe: 'fixture://static' });
      await session.notifyResourceUpdated('fixture://static');
      await session.notifyResourceUpdated('fixture://items/1');
      expect(session.logEnabled(loggingLevelRank('debug'))).to.equal(true);
      const uris = received.map((m) => (m as { params?: { uri?: string } }).params?.uri);
      expect(uris).to.deep.equal(['fixture://static', 'fixture://items/1']);
      for (const message of received) expect(serverMessageErrors(message, undefined, '2025-11-25')).to.deep.equal([]);
    } finally {
      await session.close();
    }
  });
});
