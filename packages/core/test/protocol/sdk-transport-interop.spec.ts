import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport as SdkInMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { ServerSession } from '../../src/session/server-session';
import type { Transport } from '../../src/transport/transport';
import { testSessionOptions } from '../support/connect';
import { createFixtureFeatures } from '../support/fixture-features';
import { WireCheckedTransport } from '@armature/testing';

describe('ServerSession on the official SDK in-memory transport (synchronous delivery)', () => {
  it('serves the SDK client, errors included', async () => {
    const [clientEnd, serverEnd] = SdkInMemoryTransport.createLinkedPair();
    const session = new ServerSession(serverEnd as unknown as Transport, testSessionOptions(createFixtureFeatures()));
    await session.start();
    const wire = new WireCheckedTransport(clientEnd as unknown as Transport, { check: true });
    const client = new Client({ name: 'sdk-interop', version: '1.0.0' });
    await client.connect(wire as unknown as SdkTransport);
    try {
      expect((await client.listTools()).tools.length).to.be.greaterThan(3);
      expect((await client.callTool({ name: 'echo', arguments: { text: 'sdk' } })).content).to.deep.equal([{ type: 'text', text: 'sdk' }]);
      const error = await client.callTool({ name: 'crash', arguments: {} }).catch((e: unknown) => e);
      expect((error as McpError).code).to.equal(-32603);
      expect(await client.ping()).to.deep.equal({});
    } finally {
      await client.close();
      await session.close();
    }
    wire.assertClean();
  });
});
