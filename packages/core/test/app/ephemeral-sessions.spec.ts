import 'reflect-metadata';
import { expect } from 'chai';
import { Injectable, Module } from '@armature/di';
import { Armature } from '../../src/app/armature.app';
import { RequestContext } from '../../src/context/request-context';
import { Tool } from '../../src/decorators/tool.decorator';
import type { JSONRPCMessage } from '../../src/wire/mcp-types.generated';
import { silentLogger } from '../../src/logging/server-logger';
import type { ConnectedSession, ConnectOptions } from '../../src/session/connectable-app';
import { SENT } from '../../src/transport/sent';
import type { Transport } from '../../src/transport/transport';
import { Database, lifecycleEvents, SessionResource } from '../support/lifecycle-recorder';
import { deferred, waitUntil } from '../support/wait';

/**
 * Ephemeral sessions (`ConnectOptions.ephemeral`, what stateless Streamable HTTP opens per
 * POST) are listed by the app only while a request of theirs runs asynchronously; a graceful
 * shutdown still drains and closes them, and refuses their new requests.
 */

const events = lifecycleEvents;
let release = deferred<void>('the test to release the slow tool', 10_000);
let started = false;
let abortReason: unknown;

@Injectable()
class QuickHandlers {
  @Tool() quick(): string {
    return 'quick';
  }
}

@Injectable({ scope: 'session' })
class SlowHandlers {
  constructor(readonly resource: SessionResource) {}

  @Tool() async slow(): Promise<string> {
    started = true;
    await release.promise;
    return 'slow done';
  }

  @Tool() never(ctx: RequestContext): Promise<string> {
    started = true;
    ctx.signal.addEventListener('abort', () => (abortReason = ctx.signal.reason));
    return new Promise(() => undefined);
  }
}

@Module({ providers: [SessionResource, Database], handlers: [QuickHandlers, SlowHandlers] })
class EphemeralModule {}

const EPHEMERAL: ConnectOptions = { ephemeral: true, assumeInitialized: { protocolVersion: '2025-11-25' } };

/** One stateless exchange: a transport that records what the session sends. */
class ExchangeTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  readonly sent: JSONRPCMessage[] = [];
  closed = false;

  async start(): Promise<void> {}
  async send(message: JSONRPCMessage): Promise<void> {
    this.sent.push(message);
  }
  async close(): Promise<void> {
    this.closed = true;
    this.onclose?.();
  }
  call(id: number, name: string): void {
    this.onmessage?.({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } });
  }
}

const answerTo = (transport: ExchangeTransport, id: number): Record<string, unknown> | undefined =>
  transport.sent.find((m) => (m as { id?: unknown }).id === id) as Record<string, unknown> | undefined;

const textOf = (message: Record<string, unknown> | undefined): string | undefined =>
  (message?.result as { content?: { text: string }[] } | undefined)?.content?.[0]?.text;

async function boot(): Promise<Armature> {
  events.length = 0;
  started = false;
  abortReason = undefined;
  release = deferred<void>('the test to release the slow tool', 10_000);
  return Armature.create(EphemeralModule, { name: 'ephemeral', version: '1.0.0', logger: silentLogger });
}

async function exchange(app: Armature): Promise<{ transport: ExchangeTransport; session: ConnectedSession }> {
  const transport = new ExchangeTransport();
  return { transport, session: await app.connect(transport, EPHEMERAL) };
}

describe('app: ephemeral sessions (stateless exchanges)', () => {
  it('are not listed while idle or answered synchronously, and are listed while a request runs asynchronously', async () => {
    const app = await boot();
    try {
      const quick = await exchange(app);
      expect(app.sessionCount).to.equal(0);
      quick.transport.call(1, 'quick');
      expect(textOf(answerTo(quick.transport, 1))).to.equal('quick');
      expect(app.sessionCount).to.equal(0);
      await quick.session.close();

      const slow = await exchange(app);
      slow.transport.call(2, 'slow');
      expect(app.sessionCount).to.equal(1);
      release.resolve();
      await waitUntil(() => answerTo(slow.transport, 2) !== undefined, 'the slow answer');
      expect(textOf(answerTo(slow.transport, 2))).to.equal('slow done');
      await slow.session.close();
      expect(events).to.deep.equal(['session disposed']);
      expect(app.sessionCount).to.equal(0);
    } finally {
      await app.close();
    }
  });

  it('app.close() lets a running request finish, disposes its session scope, then runs onShutdown', async () => {
    const app = await boot();
    const slow = await exchange(app);
    slow.transport.call(1, 'slow');
    await waitUntil(() => started, 'the slow tool to start');
    const closing = app.close({ drainMs: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answerTo(slow.transport, 1), 'still draining').to.equal(undefined);
    release.resolve();
    await closing;
    expect(textOf(answerTo(slow.transport, 1))).to.equal('slow done');
    expect(slow.transport.closed).to.equal(true);
    expect(events).to.deep.equal(['session disposed', 'shutdown hook']);
  });

  it('app.close() answers a request that outlives the window with -32000 and aborts its signal', async () => {
    const app = await boot();
    const stuck = await exchange(app);
    stuck.transport.call(1, 'never');
    await waitUntil(() => started, 'the tool to start');
    await app.close({ drainMs: 20 });
    expect((answerTo(stuck.transport, 1)?.error as { code?: number } | undefined)?.code).to.equal(-32000);
    expect((abortReason as { code?: string } | undefined)?.code).to.equal('ARM_ERR_SESSION_CLOSED');
    expect(events).to.deep.equal(['session disposed', 'shutdown hook']);
  });

  it('refuses a request with -32000 once the app is shutting down, though the session was never listed', async () => {
    const app = await boot();
    const late = await exchange(app);
    const closing = app.close({ drainMs: 10_000 });
    late.transport.call(1, 'quick');
    const refusal = answerTo(late.transport, 1)?.error as { code?: number; message?: string } | undefined;
    expect(refusal?.code).to.equal(-32000);
    expect(refusal?.message).to.contain('shutting down');
    await closing;
    await late.session.close();
  });
});

/** A stateless exchange whose transport starts and closes at once (what @armature/http's StatelessTransport returns). */
class ImmediateTransport extends ExchangeTransport {
  override start(): Promise<void> {
    return SENT;
  }
  override close(): Promise<void> {
    this.closed = true;
    this.onclose?.();
    return SENT;
  }
}

describe('app.connectNow (a session without waiting a tick)', () => {
  it('hands back the session itself when the transport started at once, and it serves and closes at once', async () => {
    const app = await boot();
    try {
      const transport = new ImmediateTransport();
      const session = app.connectNow(transport, EPHEMERAL);
      expect(session).not.to.be.instanceOf(Promise);
      transport.call(1, 'quick');
      expect(textOf(answerTo(transport, 1))).to.equal('quick');
      let closed = false;
      void (session as ConnectedSession).close().then(() => (closed = true));
      expect(transport.closed, 'closed without a tick').to.equal(true);
      await Promise.resolve();
      expect(closed).to.equal(true);
      expect(app.sessionCount).to.equal(0);
    } finally {
      await app.close();
    }
  });

  it('hands back a promise of the session when the transport starts later, and throws once the app is closed', async () => {
    const app = await boot();
    const transport = new ExchangeTransport();
    const connecting = app.connectNow(transport, EPHEMERAL);
    expect(connecting).to.be.instanceOf(Promise);
    const session = await connecting;
    transport.call(2, 'quick');
    expect(textOf(answerTo(transport, 2))).to.equal('quick');
    await session.close();
    await app.close();
    expect(() => app.connectNow(new ImmediateTransport(), EPHEMERAL)).to.throw(/closed/);
  });
});
