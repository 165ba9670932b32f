import { expect } from 'chai';
import type { JSONRPCMessage } from '../../src/wire/mcp-types.generated';
import { InMemoryTransport } from '../../src/transport/in-memory.transport';
import type { MessageExtraInfo } from '../../src/transport/transport';
import { waitUntil } from '../support/wait';

describe('InMemoryTransport', () => {
  it('delivers JSON copies asynchronously, in order, after start', async () => {
    const [a, b] = InMemoryTransport.createLinkedPair();
    const received: JSONRPCMessage[] = [];
    b.onmessage = (message) => received.push(message);
    const params = { n: 1 };
    await a.send({ jsonrpc: '2.0', method: 'first', params });
    await a.send({ jsonrpc: '2.0', method: 'second' });
    expect(received).to.have.length(0);
    await b.start();
    await waitUntil(() => received.length === 2, 'two messages');
    expect(received.map((m) => (m as { method: string }).method)).to.deep.equal(['first', 'second']);
    expect((received[0] as { params: object }).params).not.to.equal(params);
    await a.close();
  });

  it('passes authInfo as MessageExtraInfo', async () => {
    const [a, b] = InMemoryTransport.createLinkedPair();
    let extra: MessageExtraInfo | undefined;
    b.onmessage = (_message, info) => (extra = info);
    await b.start();
    await a.send({ jsonrpc: '2.0', method: 'x' }, { authInfo: { token: 't', clientId: 'c', scopes: ['read'] } });
    await waitUntil(() => extra !== undefined, 'delivery');
    expect(extra?.authInfo?.clientId).to.equal('c');
    await a.close();
  });

  it('delivers messages already sent before the peer sees the close, then refuses sends', async () => {
    const [a, b] = InMemoryTransport.createLinkedPair();
    const events: string[] = [];
    b.onmessage = (message) => events.push((message as { method: string }).method);
    b.onclose = () => events.push('closed');
    await b.start();
    await a.send({ jsonrpc: '2.0', method: 'last' });
    await a.close();
    await waitUntil(() => events.includes('closed'), 'peer close');
    expect(events).to.deep.equal(['last', 'closed']);
    const error = await a.send({ jsonrpc: '2.0', method: 'x' }).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(Error);
  });
});
