import 'reflect-metadata';
import { expect } from 'chai';
import { Injectable, Module } from '@armature/di';
import { Armature } from '../../src/app/armature.app';
import { RequestContext } from '../../src/context/request-context';
import { Tool } from '../../src/decorators/tool.decorator';
import { silentLogger } from '../../src/logging/server-logger';
import { Database, lifecycleEvents, SessionResource } from '../support/lifecycle-recorder';
import { deferred, waitUntil } from '../support/wait';
import { connectAs, firstText, rpcError } from '../guards/support/authed-client';
import type { Transport } from '../../src/transport/transport';
import type { JSONRPCMessage } from '../../src/wire/mcp-types.generated';

const events = lifecycleEvents;
let gate = deferred<void>('the test to release the slow tool', 10_000);
let started = false;
let abortReason: unknown;

@Injectable({ scope: 'session' })
class DrainHandlers {
  constructor(
    readonly resource: SessionResource,
    readonly db: Database,
  ) {}

  @Tool()
  async slow(): Promise<string> {
    started = true;
    await gate.promise;
    events.push('slow finished');
    return 'finished in time';
  }

  @Tool()
  never(ctx: RequestContext): Promise<string> {
    started = true;
    ctx.signal.addEventListener('abort', () => (abortReason = ctx.signal.reason));
    return new Promise(() => undefined);
  }

  @Tool()
  quick(): string {
    return 'quick';
  }
}

@Module({ providers: [SessionResource, Database], handlers: [DrainHandlers] })
class DrainModule {}

async function boot(drainMs?: number): Promise<Armature> {
  events.length = 0;
  started = false;
  abortReason = undefined;
  gate = deferred<void>('the test to release the slow tool', 10_000);
  return Armature.create(DrainModule, {
    name: 'drain',
    version: '1.0.0',
    logger: silentLogger,
    ...(drainMs === undefined ? {} : { drainMs }),
  });
}

describe('app.close() drains', () => {
  it('lets a request in flight finish and answers it, refuses new requests, then disposes scopes and runs onShutdown', async () => {
    const app = await boot();
    const conn = await connectAs(app);
    await conn.client.callTool({ name: 'quick', arguments: {} });
    const slow = conn.client.callTool({ name: 'slow', arguments: {} });
    await waitUntil(() => started, 'the slow tool to start');
    const closing = app.close({ drainMs: 10_000 });
    const refused = await rpcError(conn.client.callTool({ name: 'quick', arguments: {} }));
    expect(refused.code).to.equal(-32000);
    expect(refused.message).to.contain('shutting down');
    expect(() => app.tools.register({ name: 'late', handler: () => 'x' }))
      .to.throw()
      .with.property('code', 'ARM_ERR_APP_CLOSED');
    gate.resolve();
    expect(firstText(await slow)).to.equal('finished in time');
    await closing;
    expect(events).to.deep.equal(['slow finished', 'session disposed', 'shutdown hook']);
  });

  it('answers a request that outlives the window with -32000 and aborts its signal', async () => {
    const app = await boot();
    const conn = await connectAs(app);
    const never = conn.client.callTool({ name: 'never', arguments: {} });
    await waitUntil(() => started, 'the tool to start');
    await app.close({ drainMs: 50 });
    const error = await rpcError(never);
    expect(error.code).to.equal(-32000);
    expect((abortReason as { code?: string }).code).to.equal('ARM_ERR_SESSION_CLOSED');
    expect(events).to.deep.equal(['session disposed', 'shutdown hook']);
  });

  it('closes at once with drainMs 0, and uses the drainMs option by default', async () => {
    const app = await boot(0);
    const conn = await connectAs(app);
    const never = conn.client.callTool({ name: 'never', arguments: {} });
    await waitUntil(() => started, 'the tool to start');
    await app.close();
    expect((await rpcError(never)).code).to.equal(-32000);
  });

  it('is idempotent, refuses a bad window, and refuses connections afterwards', async () => {
    const app = await boot();
    const bad = await app.close({ drainMs: -1 }).then(
      () => undefined,
      (e: unknown) => e as { code: string },
    );
    expect(bad?.code).to.equal('ARM_ERR_INVALID_OPTIONS');
    const first = app.close({ drainMs: 0 });
    expect(app.close()).to.equal(first);
    await first;
    const error = await connectAs(app).then(
      () => undefined,
      (e: unknown) => e as { code: string },
    );
    expect(error?.code).to.equal('ARM_ERR_APP_CLOSED');
  });

  it('refuses a bad drainMs option at create', async () => {
    const error = await Armature.create(DrainModule, { name: 'd', version: '1', drainMs: Number.NaN }).then(
      () => undefined,
      (e: unknown) => e as { code: string },
    );
    expect(error?.code).to.equal('ARM_ERR_INVALID_OPTIONS');
  });

  it('disposes a session scope before the onShutdown hooks even when the window is over and its transport never finishes closing', async () => {
    const app = await boot();
    const transport = new UnclosableTransport();
    await app.connect(transport, { assumeInitialized: { protocolVersion: '2025-11-25' } });
    transport.call(1, 'never');
    await waitUntil(() => started, 'the tool to start');
    // drainMs 0: the deadline has passed before the sessions are closed, as on a starved event loop.
    await app.close({ drainMs: 0 });
    expect(transport.closeCalled, 'the transport was asked to close').to.equal(true);
    const answer = transport.sent.find((m) => (m as { id?: unknown }).id === 1) as { error?: { code?: number } } | undefined;
    expect(answer?.error?.code).to.equal(-32000);
    expect(events).to.deep.equal(['session disposed', 'shutdown hook']);
  });
});

/** A connection whose close never completes (a WebSocket peer that never answers the close handshake). */
class UnclosableTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  readonly sent: JSONRPCMessage[] = [];
  closeCalled = false;

  async start(): Promise<void> {}
  async send(message: JSONRPCMessage): Promise<void> {
    this.sent.push(message);
  }
  close(): Promise<void> {
    this.closeCalled = true;
    return new Promise(() => undefined);
  }
  call(id: number, name: string): void {
    this.onmessage?.({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } });
  }
}
