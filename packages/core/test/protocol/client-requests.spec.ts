import { expect } from 'chai';
import { CreateMessageRequestSchema, ElicitRequestSchema, ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ClientCapabilities } from '../../src/wire/mcp-types.generated';
import { connectSdkClient, type SdkConnection } from '../support/connect';
import { createFixtureFeatures } from '../support/fixture-features';

/** Registers a handler for each capability the client declared (the SDK refuses others). */
function answerDeclared(capabilities: ClientCapabilities): (client: Client) => void {
  return (client) => {
    if (capabilities.elicitation) {
      client.setRequestHandler(ElicitRequestSchema, (request) =>
        request.params.mode === 'url' ? { action: 'accept' } : { action: 'accept', content: { name: 'Ada' } },
      );
    }
    if (capabilities.sampling) {
      client.setRequestHandler(CreateMessageRequestSchema, () => ({
        role: 'assistant',
        content: { type: 'text', text: 'hello' },
        model: 'test-model',
      }));
    }
    if (capabilities.roots) client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [{ uri: 'file:///work', name: 'work' }] }));
  };
}

async function callText(conn: SdkConnection, name: string): Promise<string> {
  const result = await conn.client.callTool({ name, arguments: {} });
  return (result.content as { text: string }[])[0].text;
}

async function withClient(capabilities: ClientCapabilities, body: (conn: SdkConnection) => Promise<void>): Promise<void> {
  const conn = await connectSdkClient(createFixtureFeatures(), { capabilities, configure: answerDeclared(capabilities) });
  try {
    await body(conn);
  } finally {
    await conn.close();
  }
  conn.wire.assertClean();
}

describe('Server→client requests from a handler', () => {
  it('elicits in form mode, sent with the incoming request and answered', async () => {
    await withClient({ elicitation: { form: {} } }, async (conn) => {
      expect(JSON.parse(await callText(conn, 'ask'))).to.deep.equal({ action: 'accept', content: { name: 'Ada' } });
      expect(conn.wire.messagesWithMethod('elicitation/create')).to.have.length(1);
    });
  });

  it('treats an empty elicitation capability as form mode only', async () => {
    await withClient({ elicitation: {} }, async (conn) => {
      expect(JSON.parse(await callText(conn, 'ask')).action).to.equal('accept');
      expect(await callText(conn, 'ask_url')).to.match(/^error ARM_ERR_CLIENT_CAPABILITY_MISSING: .*elicitation\.url/);
    });
  });

  it('elicits in url mode only when elicitation.url is declared', async () => {
    await withClient({ elicitation: { url: {} } }, async (conn) => {
      expect(JSON.parse(await callText(conn, 'ask_url'))).to.deep.equal({ action: 'accept' });
      expect(await callText(conn, 'ask')).to.match(/^error ARM_ERR_CLIENT_CAPABILITY_MISSING: .*elicitation\.form/);
    });
  });

  it('samples and lists roots when declared', async () => {
    await withClient({ sampling: {}, roots: {} }, async (conn) => {
      expect(JSON.parse(await callText(conn, 'sample'))).to.deep.include({ role: 'assistant', model: 'test-model' });
      expect(JSON.parse(await callText(conn, 'roots'))).to.deep.equal([{ uri: 'file:///work', name: 'work' }]);
    });
  });

  it('refuses every server→client request with a clear error when nothing is declared, sending nothing', async () => {
    await withClient({}, async (conn) => {
      expect(await callText(conn, 'ask')).to.match(
        /ARM_ERR_CLIENT_CAPABILITY_MISSING: Cannot send elicitation\/create: the client did not declare the "elicitation" capability/,
      );
      expect(await callText(conn, 'ask_url')).to.match(/"elicitation\.url"/);
      expect(await callText(conn, 'sample')).to.match(/"sampling"/);
      expect(await callText(conn, 'roots')).to.match(/"roots"/);
      const sent = conn.wire.received.filter((m) =>
        ['elicitation/create', 'sampling/createMessage', 'roots/list'].includes((m as { method?: string }).method ?? ''),
      );
      expect(sent).to.have.length(0);
    });
  });

  it('rejects with the client error when the client answers with an error', async () => {
    const conn = await connectSdkClient(createFixtureFeatures(), { capabilities: { roots: {} } });
    try {
      // No roots handler registered: the SDK client answers -32601.
      expect(await callText(conn, 'roots')).to.match(
        /^error ARM_ERR_CLIENT_REQUEST_FAILED: The client answered roots\/list with error -32601/,
      );
    } finally {
      await conn.close();
    }
    conn.wire.assertClean();
  });
});
