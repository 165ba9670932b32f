import { expect } from 'chai';
import type { SessionScope } from '../../src/context/request-context';
import type { JSONRPCMessage } from '../../src/wire/mcp-types.generated';
import type { ServerFeatures } from '../../src/protocol/server-features';
import type { ServerLogger } from '../../src/logging/server-logger';
import { ServerSession } from '../../src/session/server-session';
import type { SessionRegistry } from '../../src/protocol/session-registry';
import type { Transport } from '../../src/transport/transport';

/** start() and close() report every failure as a rejection or a log line, never a synchronous throw. */

class StubTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  readonly sent: JSONRPCMessage[] = [];
  startImpl: () => Promise<void> = () => Promise.resolve();
  closeImpl: () => Promise<void> = () => Promise.resolve();

  start(): Promise<void> {
    return this.startImpl();
  }
  send(message: JSONRPCMessage): Promise<void> {
    this.sent.push(message);
    return Promise.resolve();
  }
  close(): Promise<void> {
    return this.closeImpl();
  }
}

class RecordingRegistry implements SessionRegistry {
  draining = false;
  readonly live = new Set<ServerSession>();
  add(session: ServerSession): void {
    this.live.add(session);
  }
  delete(session: ServerSession): void {
    this.live.delete(session);
  }
}

const warnings: string[] = [];
const logger: ServerLogger = {
  debug: () => undefined,
  warn: (message) => warnings.push(message),
  error: (message) => warnings.push(message),
};

const SERVER_INFO = { name: 't', version: '1' };
const ASSUMED = { assumeInitialized: { protocolVersion: '2025-11-25' } };
const ping = (id: number): JSONRPCMessage => ({ jsonrpc: '2.0', id, method: 'ping' });

function sessionOn(transport: Transport, features: ServerFeatures = {}, registry?: SessionRegistry, ephemeral = false): ServerSession {
  return new ServerSession(
    transport,
    { serverInfo: SERVER_INFO, features, logger, ...(registry === undefined ? {} : { registry }) },
    { ...ASSUMED, ephemeral },
  );
}

describe('ServerSession start and close', () => {
  beforeEach(() => (warnings.length = 0));

  it('rejects a second start() instead of throwing', async () => {
    const session = sessionOn(new StubTransport());
    await session.start();
    let second: Promise<void> | undefined;
    expect(() => (second = session.start())).to.not.throw();
    const failure = await second?.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect((failure as { code?: string }).code).to.equal('ARM_ERR_SESSION_MISUSE');
    await session.close();
  });

  it('rejects when openSession or the transport start throws synchronously', async () => {
    const throwingScope: ServerFeatures = {
      openSession: () => {
        throw new Error('no scope today');
      },
    };
    const first = sessionOn(new StubTransport(), throwingScope);
    expect(
      await first.start().then(
        () => 'resolved',
        (error: Error) => error.message,
      ),
    ).to.equal('no scope today');

    const transport = new StubTransport();
    transport.startImpl = () => {
      throw new Error('cannot start');
    };
    expect(
      await sessionOn(transport)
        .start()
        .then(
          () => 'resolved',
          (error: Error) => error.message,
        ),
    ).to.equal('cannot start');
  });

  it('tears down and calls onclose even when the transport close throws, rejects, or returns nothing', async () => {
    const closes: (() => Promise<void>)[] = [
      () => {
        throw new Error('sync close failure');
      },
      () => Promise.reject(new Error('async close failure')),
      () => undefined as unknown as Promise<void>,
    ];
    for (const closeImpl of closes) {
      const transport = new StubTransport();
      transport.closeImpl = closeImpl;
      const session = sessionOn(transport);
      await session.start();
      let closed = 0;
      session.onclose = () => closed++;
      await session.close();
      await session.close();
      expect(closed).to.equal(1);
      transport.onmessage?.(ping(1));
      expect(transport.sent, 'nothing is answered after close').to.deep.equal([]);
    }
    expect(warnings.filter((w) => w === 'transport close failed')).to.have.length(2);
  });

  it('calls onclose only after the session scope was disposed, and logs a failed disposal', async () => {
    const order: string[] = [];
    let fail = false;
    const scope: SessionScope = {
      dispose: () => {
        order.push('dispose');
        return fail ? Promise.reject(new Error('dispose failed')) : Promise.resolve();
      },
    };
    for (const failing of [false, true]) {
      fail = failing;
      order.length = 0;
      const session = sessionOn(new StubTransport(), { openSession: () => scope });
      await session.start();
      session.onclose = () => order.push('onclose');
      await session.close();
      expect(order).to.deep.equal(['dispose', 'onclose']);
    }
    expect(warnings).to.include('disposing the session scope failed');
  });

  it('enlists at start and leaves the registry once closed; an ephemeral session enlists only for asynchronous work', async () => {
    const registry = new RecordingRegistry();
    const lasting = sessionOn(new StubTransport(), {}, registry);
    await lasting.start();
    expect(registry.live.has(lasting)).to.equal(true);
    await lasting.close();
    expect(registry.live.size).to.equal(0);

    const transport = new StubTransport();
    const ephemeral = sessionOn(transport, {}, registry, true);
    await ephemeral.start();
    transport.onmessage?.(ping(1));
    expect(transport.sent).to.have.length(1);
    expect(registry.live.size, 'a synchronous answer needs no bookkeeping').to.equal(0);
    await ephemeral.close();
    expect(registry.live.size).to.equal(0);
  });

  it('refuses new requests with -32000 while the registry is draining', async () => {
    const registry = new RecordingRegistry();
    const transport = new StubTransport();
    const session = sessionOn(transport, {}, registry, true);
    await session.start();
    registry.draining = true;
    transport.onmessage?.(ping(7));
    expect(transport.sent).to.deep.equal([{ jsonrpc: '2.0', id: 7, error: { code: -32000, message: 'The server is shutting down' } }]);
    await session.close();
  });
});
