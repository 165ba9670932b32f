import { expect } from 'chai';
import { Injectable, InjectionToken } from '@armature/di';
import { callTool, createTestServer, override, type TestServer } from '../src';
import { Clock } from './fixtures/clock.module';
import { GREETING, type Caller, type Greeting } from './fixtures/greeter.handlers';
import { GreeterModule } from './fixtures/greeter.module';
import { ensureFixtureManifest } from './support/fixture-manifest';

class FrozenClock extends Clock {
  now(): string {
    return '2025-01-01T00:00:00.000Z';
  }
}

@Injectable()
class CountingClock extends Clock {
  private calls = 0;
  now(): string {
    return `tick ${++this.calls}`;
  }
}

describe('createTestServer', () => {
  let server: TestServer | undefined;

  before(function () {
    this.timeout(60_000);
    ensureFixtureManifest();
  });

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('boots the module with test defaults and connects an initialized SDK client', async () => {
    server = await createTestServer(GreeterModule);
    expect(server.client.getServerVersion()).to.deep.equal({ name: 'armature-test', version: '0.0.0' });
    const { tools } = await server.client.listTools();
    expect(tools.map((t) => t.name)).to.have.members(['greet', 'shout', 'fail', 'whoami']);
    expect(server.wire.received.length).to.be.greaterThan(1);
    expect(server.wire.violations).to.deep.equal([]);
  });

  it('passes app options through (name, version, instructions)', async () => {
    server = await createTestServer(GreeterModule, { name: 'greeter', version: '2.0.0', instructions: 'Greet people.' });
    expect(server.client.getServerVersion()).to.deep.include({ name: 'greeter', version: '2.0.0' });
    expect(server.client.getInstructions()).to.equal('Greet people.');
  });

  it('replaces a value provider of the root module and a class provider of an imported module', async () => {
    server = await createTestServer(GreeterModule, {
      overrides: [
        { provide: GREETING, useValue: 'Bonjour' },
        { provide: Clock, useValue: new FrozenClock() },
      ],
    });
    const greeting = await callTool<Greeting>(server.client, 'greet', { name: 'Ada' });
    expect(greeting).to.deep.equal({ message: 'Bonjour, Ada!', at: '2025-01-01T00:00:00.000Z' });
    expect(server.get(Clock)).to.be.instanceOf(FrozenClock);
  });

  it('accepts typed overrides by factory (with inject) and by class', async () => {
    server = await createTestServer(GreeterModule, {
      overrides: [
        override(GREETING).useFactory((clock: Clock) => `Hi at ${clock.now()}`, [Clock]),
        override(Clock).useClass(CountingClock),
      ],
    });
    const first = await callTool<Greeting>(server.client, 'greet', { name: 'Bo' });
    // The factory ran once, at boot, and used the overriding clock (its first tick).
    expect(first).to.deep.equal({ message: 'Hi at tick 1, Bo!', at: 'tick 2' });
    expect(server.get(GREETING)).to.equal('Hi at tick 1');
  });

  it('ignores an override whose token no module declares (as documented)', async () => {
    const UNUSED = new InjectionToken<string>('UNUSED');
    server = await createTestServer(GreeterModule, { overrides: [{ provide: UNUSED, useValue: 'x' }] });
    expect(() => server?.get(UNUSED)).to.throw(/ARM_ERR_UNKNOWN_TOKEN/);
    expect((await callTool<Greeting>(server.client, 'greet', { name: 'Cy' })).message).to.equal('Hello, Cy!');
  });

  it('hands authInfo to handlers as ctx.authInfo', async () => {
    server = await createTestServer(GreeterModule, { authInfo: { token: 't', clientId: 'client-7', scopes: ['read'] } });
    expect(await callTool<Caller>(server.client, 'whoami')).to.deep.equal({ clientId: 'client-7', scopes: ['read'] });
  });

  it('connects more clients as separate sessions, each with its own wire log', async () => {
    server = await createTestServer(GreeterModule);
    const second = await server.connectClient({
      clientInfo: { name: 'second', version: '1.0.0' },
      authInfo: { token: 'x', clientId: 'two', scopes: [] },
    });
    expect(server.app.sessionCount).to.equal(2);
    expect(await callTool<Caller>(second.client, 'whoami')).to.deep.include({ clientId: 'two' });
    expect(await callTool<Caller>(server.client, 'whoami')).to.deep.include({ clientId: null });
    await second.close();
    expect(server.app.sessionCount).to.equal(1);
    expect(second.wire.messagesWithMethod('notifications/message')).to.deep.equal([]);
  });

  it('closes every session and the app, idempotently', async () => {
    const local = await createTestServer(GreeterModule);
    await local.connectClient();
    const closing = local.close();
    expect(local.close()).to.equal(closing);
    await closing;
    expect(local.app.sessionCount).to.equal(0);
    const error = await local.app.connect({} as never).then(
      () => undefined,
      (e: unknown) => e as { code?: string },
    );
    expect(error?.code).to.equal('ARM_ERR_APP_CLOSED');
  });

  it('reports boot errors of the module as they are, connecting nothing', async () => {
    const error = await createTestServer(GreeterModule, {
      overrides: [
        {
          provide: GREETING,
          useFactory: () => {
            throw new Error('no greeting');
          },
        },
      ],
    }).then(
      () => undefined,
      (e: unknown) => e as { code?: string; message: string },
    );
    expect(error?.code).to.equal('ARM_ERR_PROVIDER_FAILED');
  });
});
