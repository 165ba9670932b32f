import { expect } from 'chai';
import type { JSONRPCMessage } from '@armature/core/wire/2025-11-25';
import { checkServerMessage, MCP_REVISIONS, revisionOfRequest } from '../src';
import { ACKNOWLEDGED, INPUT_REQUIRED, request2026, resultOf, VALID_RESULTS_2026 } from './support/mcp-2026-messages';
import { nextMessages, wiredPair } from './support/wired-pair';

const UNCACHED_TOOLS = { resultType: 'complete', tools: [{ name: 'echo', inputSchema: { type: 'object' } }] };

describe('per-revision wire checks', () => {
  describe('revisionOfRequest', () => {
    it('reads 2026-07-28 from the protocol version in the request _meta', () => {
      expect(revisionOfRequest(request2026(1, 'tools/list'))).to.equal('2026-07-28');
    });

    it('falls back to 2025-11-25 for anything else', () => {
      expect(revisionOfRequest({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).to.equal('2025-11-25');
      expect(
        revisionOfRequest({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/list',
          params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } },
        }),
      ).to.equal('2025-11-25');
      expect(revisionOfRequest({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2026-07-28' } })).to.equal(
        '2025-11-25',
      );
      expect(revisionOfRequest({ params: { _meta: null } })).to.equal('2025-11-25');
      expect(revisionOfRequest(null)).to.equal('2025-11-25');
      expect(MCP_REVISIONS).to.deep.equal(['2025-11-25', '2026-07-28']);
    });
  });

  describe('checkServerMessage', () => {
    it('checks a response against the revision and method of the request it answers', () => {
      expect(checkServerMessage(resultOf(1, UNCACHED_TOOLS), { jsonrpc: '2.0', id: 1, method: 'tools/list' })).to.deep.equal([]);
      expect(checkServerMessage(resultOf(1, UNCACHED_TOOLS), request2026(1, 'tools/list'))).to.deep.equal([
        "ListToolsResult must have required property 'cacheScope'",
        "ListToolsResult must have required property 'ttlMs'",
      ]);
      expect(checkServerMessage(resultOf(1, VALID_RESULTS_2026['server/discover']), request2026(1, 'server/discover'))).to.deep.equal([]);
      expect(checkServerMessage(resultOf(1, INPUT_REQUIRED), request2026(1, 'prompts/get'))).to.deep.equal([]);
    });

    it('checks notifications and server requests on the request’s stream against its revision', () => {
      expect(
        checkServerMessage(ACKNOWLEDGED, request2026(4, 'subscriptions/listen', { notifications: { toolsListChanged: true } })),
      ).to.deep.equal([]);
      expect(
        checkServerMessage({ jsonrpc: '2.0', id: 0, method: 'roots/list' }, request2026(1, 'tools/call', { name: 'echo' })),
      ).to.deep.equal(['server sent a request roots/list, but servers send no requests in MCP 2026-07-28']);
      expect(
        checkServerMessage({ jsonrpc: '2.0', id: 0, method: 'roots/list' }, { jsonrpc: '2.0', id: 1, method: 'tools/call' }),
      ).to.deep.equal([]);
    });

    it('flags a response that carries another request’s id', () => {
      expect(checkServerMessage(resultOf(2, VALID_RESULTS_2026['tools/list']), request2026(1, 'tools/list'))).to.deep.equal([
        'response id 2 does not answer request id 1',
      ]);
    });
  });

  describe('WireCheckedTransport', () => {
    it('checks each response against the revision of its own request', async () => {
      const pair = await wiredPair((r) => resultOf(r.id, UNCACHED_TOOLS));
      const received = nextMessages(pair.wire, 2);
      await pair.wire.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' } as JSONRPCMessage);
      await pair.wire.send(request2026(2, 'tools/list') as JSONRPCMessage);
      await received;
      expect(pair.wire.violations).to.have.length(2);
      expect(pair.wire.violations.every((v) => v.includes('(MCP 2026-07-28) in {"jsonrpc":"2.0","id":2,'))).to.equal(true);
      await pair.close();
    });

    it('checks notifications and server requests as 2026 after a 2026 request', async () => {
      const progress = { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p', progress: 1 } };
      const elicitation = {
        jsonrpc: '2.0',
        id: 'e1',
        method: 'elicitation/create',
        params: { message: 'ok?', requestedSchema: { type: 'object', properties: {} } },
      };
      const pair = await wiredPair((r) => [progress, elicitation, resultOf(r.id, VALID_RESULTS_2026['tools/call'])]);
      const received = nextMessages(pair.wire, 3);
      await pair.wire.send(request2026(1, 'tools/call', { name: 'echo' }) as JSONRPCMessage);
      await received;
      expect(pair.wire.violations).to.have.length(1);
      expect(pair.wire.violations[0]).to.match(
        /^server sent a request elicitation\/create, but servers send no requests in MCP 2026-07-28 in \{/,
      );
      await pair.close();
    });

    it('checks a notification carrying a subscription id as 2026, whatever the last request', async () => {
      const pair = await wiredPair((r) => [
        ACKNOWLEDGED,
        { ...ACKNOWLEDGED, params: { _meta: ACKNOWLEDGED.params._meta } },
        resultOf(r.id, {}),
      ]);
      const received = nextMessages(pair.wire, 3);
      await pair.wire.send({ jsonrpc: '2.0', id: 1, method: 'ping' } as JSONRPCMessage);
      await received;
      expect(pair.wire.violations).to.have.length(1);
      expect(pair.wire.violations[0]).to.include(
        "SubscriptionsAcknowledgedNotification/params must have required property 'notifications' (MCP 2026-07-28)",
      );
      await pair.close();
    });

    it('keeps checking 2025 notifications and server requests as 2025', async () => {
      const pair = await wiredPair((r) => [{ jsonrpc: '2.0', id: 'r1', method: 'roots/list' }, resultOf(r.id, {})]);
      const received = nextMessages(pair.wire, 2);
      await pair.wire.send({ jsonrpc: '2.0', id: 1, method: 'ping' } as JSONRPCMessage);
      await received;
      pair.wire.assertClean();
      await pair.close();
    });
  });
});
