import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MCP_SCHEMA_FILES, schemaErrors, serverMessageErrors } from '../src';
import { ACKNOWLEDGED, INPUT_REQUIRED, RESULT_TYPES_2026, resultOf, VALID_RESULTS_2026 } from './support/mcp-2026-messages';

const R2026 = '2026-07-28';

describe('wire-schema checks, MCP 2026-07-28', () => {
  it('ship the official MCP 2026-07-28 schema, identical to the repository copy', () => {
    const repoCopy = join(__dirname, '../../../../spec/mcp-schema/2026-07-28.json');
    expect(readFileSync(MCP_SCHEMA_FILES['2026-07-28'], 'utf8')).to.equal(readFileSync(repoCopy, 'utf8'));
  });

  it('check each definition against the schema of the revision asked for', () => {
    expect(schemaErrors('DiscoverResult', VALID_RESULTS_2026['server/discover'], R2026)).to.deep.equal([]);
    expect(() => schemaErrors('DiscoverResult', {})).to.throw('no $defs/DiscoverResult in the MCP 2025-11-25 schema');
    expect(() => schemaErrors('InitializeResult', {}, R2026)).to.throw('no $defs/InitializeResult in the MCP 2026-07-28 schema');
  });

  it('accept a valid result for every client method, and check it against that method’s type', () => {
    for (const [method, type] of Object.entries(RESULT_TYPES_2026)) {
      expect(serverMessageErrors(resultOf(1, VALID_RESULTS_2026[method]), method, R2026), method).to.deep.equal([]);
      const errors = serverMessageErrors(resultOf(1, { resultType: 'complete' }), method, R2026);
      expect(errors, method).to.not.deep.equal([]);
      expect(
        errors.every((e) => e.startsWith(type)),
        `${method}: ${errors.join('; ')}`,
      ).to.equal(true);
    }
  });

  it('refuse a DiscoverResult without its required fields', () => {
    const errors = serverMessageErrors(resultOf(1, { resultType: 'complete', capabilities: {} }), 'server/discover', R2026);
    expect(errors).to.include.members([
      "DiscoverResult must have required property 'supportedVersions'",
      "DiscoverResult must have required property 'ttlMs'",
      "DiscoverResult must have required property 'cacheScope'",
    ]);
  });

  it('refuse a ListToolsResult without ttlMs and cacheScope in 2026, which 2025 accepts', () => {
    const listed = resultOf(2, { resultType: 'complete', tools: [{ name: 'echo', inputSchema: { type: 'object' } }] });
    expect(serverMessageErrors(listed, 'tools/list', R2026)).to.deep.equal([
      "ListToolsResult must have required property 'cacheScope'",
      "ListToolsResult must have required property 'ttlMs'",
    ]);
    expect(serverMessageErrors(listed, 'tools/list')).to.deep.equal([]);
    expect(serverMessageErrors(listed, 'tools/list', '2025-11-25')).to.deep.equal([]);
  });

  it('refuse a result without resultType (the 2026 envelope requires it)', () => {
    const errors = serverMessageErrors(resultOf(3, { content: [] }), 'tools/call', R2026);
    expect(errors).to.include("JSONRPCMessage/result must have required property 'resultType'");
    expect(serverMessageErrors(resultOf(3, { content: [] }), 'tools/call')).to.deep.equal([]);
  });

  it('check an input_required result as InputRequiredResult, only where 2026 allows one', () => {
    for (const method of ['tools/call', 'prompts/get', 'resources/read']) {
      expect(serverMessageErrors(resultOf(4, INPUT_REQUIRED), method, R2026), method).to.deep.equal([]);
    }
    expect(serverMessageErrors(resultOf(4, INPUT_REQUIRED), undefined, R2026)).to.deep.equal([]);
    const badRequest = { ...INPUT_REQUIRED, inputRequests: { confirm: { method: 'elicitation/create' } } };
    expect(serverMessageErrors(resultOf(4, badRequest), 'tools/call', R2026)).to.not.deep.equal([]);
    expect(
      serverMessageErrors(resultOf(4, badRequest), 'tools/call', R2026).every((e) =>
        e.startsWith('InputRequiredResult/inputRequests/confirm'),
      ),
    ).to.equal(true);
    expect(serverMessageErrors(resultOf(4, INPUT_REQUIRED), 'tools/list', R2026)).to.deep.equal([
      "server answered tools/list with resultType 'input_required', which only tools/call, prompts/get, resources/read may use",
    ]);
  });

  it('refuse a result for a method 2026 removed', () => {
    for (const method of ['initialize', 'ping', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe']) {
      expect(serverMessageErrors(resultOf(5, { resultType: 'complete' }), method, R2026), method).to.deep.equal([
        `server answered ${method}, which does not exist in MCP 2026-07-28`,
      ]);
    }
    expect(serverMessageErrors(resultOf(5, {}), 'ping')).to.deep.equal([]);
  });

  it('check errors as the revision’s JSONRPCErrorResponse, and its own errors by code', () => {
    const unsupported = {
      jsonrpc: '2.0',
      id: 6,
      error: { code: -32022, message: 'Unsupported protocol version', data: { requested: '2099-01-01', supported: ['2025-11-25', R2026] } },
    };
    expect(serverMessageErrors(unsupported, 'tools/call', R2026)).to.deep.equal([]);
    const withoutData = { jsonrpc: '2.0', id: 6, error: { code: -32022, message: 'Unsupported protocol version' } };
    expect(serverMessageErrors(withoutData, 'tools/call', R2026)).to.include(
      "UnsupportedProtocolVersionError/error must have required property 'data'",
    );
    expect(serverMessageErrors(withoutData, 'tools/call')).to.deep.equal([]);
    const missingCapability = {
      jsonrpc: '2.0',
      id: 6,
      error: { code: -32021, message: 'needs sampling', data: { requiredCapabilities: { sampling: {} } } },
    };
    expect(serverMessageErrors(missingCapability, 'tools/call', R2026)).to.deep.equal([]);
    expect(serverMessageErrors({ jsonrpc: '2.0', id: 6, error: { code: -32602, message: 'bad' } }, 'tools/call', R2026)).to.deep.equal([]);
    expect(serverMessageErrors({ jsonrpc: '2.0', id: 6, error: { code: 'x', message: 'bad' } }, 'tools/call', R2026)).to.not.deep.equal([]);
  });

  it('check the 2026 notifications, refusing those 2026 does not have', () => {
    expect(serverMessageErrors(ACKNOWLEDGED, undefined, R2026)).to.deep.equal([]);
    expect(serverMessageErrors({ ...ACKNOWLEDGED, params: { _meta: ACKNOWLEDGED.params._meta } }, undefined, R2026)).to.deep.equal([
      "SubscriptionsAcknowledgedNotification/params must have required property 'notifications'",
    ]);
    const meta = { 'io.modelcontextprotocol/subscriptionId': 4 };
    expect(
      serverMessageErrors({ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: meta } }, undefined, R2026),
    ).to.deep.equal([]);
    expect(
      serverMessageErrors(
        { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'file:///a.txt', _meta: meta } },
        undefined,
        R2026,
      ),
    ).to.deep.equal([]);
    expect(
      serverMessageErrors(
        { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p', progress: 1 } },
        undefined,
        R2026,
      ),
    ).to.deep.equal([]);
    expect(
      serverMessageErrors({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } }, undefined, R2026),
    ).to.deep.equal([]);
    expect(
      serverMessageErrors(
        { jsonrpc: '2.0', method: 'notifications/elicitation/complete', params: { elicitationId: 'e' } },
        undefined,
        R2026,
      ),
    ).to.deep.equal(['server sent an unknown notification notifications/elicitation/complete']);
    expect(serverMessageErrors(ACKNOWLEDGED, undefined)).to.deep.equal([
      'server sent an unknown notification notifications/subscriptions/acknowledged',
    ]);
  });

  it('refuse every server request on a 2026 exchange', () => {
    for (const method of ['roots/list', 'ping', 'elicitation/create', 'sampling/createMessage']) {
      expect(serverMessageErrors({ jsonrpc: '2.0', id: 7, method }, undefined, R2026), method).to.deep.equal([
        `server sent a request ${method}, but servers send no requests in MCP 2026-07-28`,
      ]);
    }
    expect(serverMessageErrors({ jsonrpc: '2.0', id: 7, method: 'roots/list' }, undefined)).to.deep.equal([]);
  });
});
