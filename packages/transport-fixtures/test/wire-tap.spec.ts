import { expect } from 'chai';
import type { JSONRPCMessage } from '@armature/core/wire/2025-11-25';
import { WireTap } from '../src/wire-tap';

/** A client transport shaped like the SDKs' (a class field `onmessage`, a `send`), delivering what a test pushes. */
class FakeTransport {
  onmessage?: ((message: JSONRPCMessage, extra?: unknown) => void) | undefined = undefined;
  readonly wrote: JSONRPCMessage[] = [];

  send(message: JSONRPCMessage): Promise<void> {
    this.wrote.push(message);
    return Promise.resolve();
  }

  /** What the transport does when a message arrives from the server. */
  deliver(message: unknown): void {
    this.onmessage?.(message as JSONRPCMessage);
  }
}

const ENVELOPE = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

describe('WireTap', () => {
  it('records both directions, passes messages through, and checks each answer against its request', async () => {
    const tap = new WireTap();
    const transport = tap.attach(new FakeTransport());
    const seen: unknown[] = [];
    transport.onmessage = (message) => void seen.push(message);
    const request = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} } as JSONRPCMessage;
    await transport.send(request);
    transport.deliver({ jsonrpc: '2.0', id: 1, result: { tools: [] } });
    expect(transport.wrote).to.deep.equal([request]);
    expect(tap.sent).to.deep.equal([request]);
    expect(seen).to.have.length(1);
    expect(tap.received).to.deep.equal(seen);
    expect(tap.sentRequests('tools/list').map((r) => r.id)).to.deep.equal([1]);
    expect(tap.responseTo(1)?.result).to.deep.equal({ tools: [] });
    expect(tap.violations).to.deep.equal([]);

    transport.deliver({ jsonrpc: '2.0', id: 1, result: { tools: 'none' } });
    expect(tap.violations).to.have.length(1);
    expect(() => tap.assertClean()).to.throw(/ARM_ERR_WIRE_VIOLATION/);
  });

  it('checks an answer to a 2026-07-28 request against that revision', async () => {
    const tap = new WireTap();
    const transport = tap.attach(new FakeTransport());
    transport.onmessage = () => undefined;
    await transport.send({ jsonrpc: '2.0', id: 'a', method: 'tools/list', params: { _meta: ENVELOPE } } as JSONRPCMessage);
    // Valid in 2025-11-25, but a 2026-07-28 list result needs resultType, ttlMs and cacheScope.
    transport.deliver({ jsonrpc: '2.0', id: 'a', result: { tools: [] } });
    expect(tap.violations).to.have.length.greaterThan(0);
    expect(tap.violations.join('\n')).to.include('2026-07-28');
  });

  it('keeps working when the client saves, replaces and restores the handler, and records a message once through wrapping handlers', () => {
    const tap = new WireTap();
    const transport = tap.attach(new FakeTransport());
    const calls: string[] = [];
    transport.onmessage = () => void calls.push('session');
    // A probe window: saves the handler, installs its own, then restores the saved one.
    const saved = transport.onmessage;
    transport.onmessage = () => void calls.push('probe');
    transport.deliver({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } });
    transport.onmessage = saved;
    transport.deliver({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 2 } });
    // A handler that calls the one it replaced (as the v1 Protocol does on connect).
    const previous = transport.onmessage;
    transport.onmessage = (message) => {
      previous?.(message);
      calls.push('outer');
    };
    transport.deliver({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 3 } });
    expect(calls).to.deep.equal(['probe', 'session', 'session', 'outer']);
    expect(tap.received).to.have.length(3);
    transport.onmessage = undefined;
    expect(transport.onmessage).to.equal(undefined);
    expect(tap.violations).to.deep.equal([]);
  });
});
