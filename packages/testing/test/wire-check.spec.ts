import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JSONRPCMessage } from '@armature/core/wire/2025-11-25';
import { MCP_SCHEMA_FILE, serverMessageErrors } from '../src';
import { nextMessage, wiredPair } from './support/wired-pair';

describe('wire-schema checks', () => {
  it('ship the official MCP 2025-11-25 schema, identical to the repository copy', () => {
    const repoCopy = join(__dirname, '../../../../spec/mcp-schema/2025-11-25.json');
    expect(readFileSync(MCP_SCHEMA_FILE, 'utf8')).to.equal(readFileSync(repoCopy, 'utf8'));
  });

  it('record a violation when a result does not fit the type of the request it answers', async () => {
    const pair = await wiredPair((r) => ({ jsonrpc: '2.0', id: r.id, result: { tools: [{ name: 'x' }] } }));
    const received = nextMessage(pair.wire);
    await pair.wire.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' } as JSONRPCMessage);
    await received;
    expect(pair.wire.violations).to.have.length.greaterThan(0);
    expect(pair.wire.violations[0]).to.include('ListToolsResult');
    expect(() => pair.wire.assertClean()).to.throw(/ARM_ERR_WIRE_VIOLATION: the server sent \d+ invalid message/);
    await pair.close();
  });

  it('accept valid results and keep them in order', async () => {
    const pair = await wiredPair((r) => ({
      jsonrpc: '2.0',
      id: r.id,
      result: { tools: [{ name: 'x', inputSchema: { type: 'object' } }] },
    }));
    const received = nextMessage(pair.wire);
    await pair.wire.send({ jsonrpc: '2.0', id: 7, method: 'tools/list' } as JSONRPCMessage);
    expect(await received).to.deep.include({ id: 7 });
    expect(pair.wire.received).to.have.length(1);
    pair.wire.assertClean();
    await pair.close();
  });

  it('check notifications and server requests by method, refusing unknown ones', () => {
    expect(
      serverMessageErrors({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'a', progress: 1 } }, undefined),
    ).to.deep.equal([]);
    expect(serverMessageErrors({ jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } }, undefined)).to.not.deep.equal(
      [],
    );
    expect(serverMessageErrors({ jsonrpc: '2.0', method: 'notifications/made-up' }, undefined)).to.deep.equal([
      'server sent an unknown notification notifications/made-up',
    ]);
    expect(serverMessageErrors({ jsonrpc: '2.0', id: 3, method: 'roots/list' }, undefined)).to.deep.equal([]);
    expect(serverMessageErrors({ jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'bad' } }, 'tools/call')).to.deep.equal([]);
    expect(serverMessageErrors({ jsonrpc: '1.0', id: 3, result: {} }, undefined)).to.not.deep.equal([]);
  });
});
