import 'reflect-metadata';
import { expect } from 'chai';
import { Injectable, Module, type OnDispose, type OnShutdown } from '@armature/di';
import { Armature } from '../../src/app/armature.app';
import { RequestContext } from '../../src/context/request-context';
import { Tool } from '../../src/decorators/tool.decorator';
import { waitUntil } from '../support/wait';
import { connectClient } from './support/app-client';

const events: string[] = [];
let created = { singleton: 0, session: 0, request: 0, audit: 0 };

@Injectable({ scope: 'request' })
class Audit implements OnDispose {
  readonly id = ++created.audit;
  constructor(readonly ctx: RequestContext) {}
  onDispose(): void {
    events.push(`dispose audit ${this.id} (${String(this.ctx.requestId)})`);
  }
}

@Injectable()
class SingletonHandlers implements OnShutdown {
  constructor() {
    created.singleton++;
  }
  @Tool() single(): string {
    return 'single';
  }
  onShutdown(): void {
    events.push('shutdown singleton');
  }
}

@Injectable({ scope: 'request' })
class RequestHandlers implements OnDispose {
  readonly n = ++created.request;
  constructor(private readonly audit: Audit) {}
  @Tool() perRequest(ctx: RequestContext): string {
    return `handler ${this.n}, audit ${this.audit.id}, same ctx ${this.audit.ctx === ctx}`;
  }
  onDispose(): void {
    events.push(`dispose handler ${this.n}`);
  }
}

@Injectable({ scope: 'session' })
class SessionHandlers implements OnDispose {
  readonly n = ++created.session;
  calls = 0;
  @Tool() perSession(): string {
    return `session ${this.n}, call ${++this.calls}`;
  }
  onDispose(): void {
    events.push(`dispose session ${this.n}`);
  }
}

@Module({ providers: [Audit], handlers: [SingletonHandlers, RequestHandlers, SessionHandlers] })
class ScopesModule {}

const textOf = (r: unknown): string => ((r as { content: { text: string }[] }).content[0] as { text: string }).text;

describe('app: DI scopes of handlers', () => {
  beforeEach(() => {
    events.length = 0;
    created = { singleton: 0, session: 0, request: 0, audit: 0 };
  });

  it('resolves singletons once at boot, request-scoped per call (seeded with the RequestContext, disposed after), session-scoped per session', async () => {
    const app = await Armature.create(ScopesModule, { name: 'scopes', version: '1' });
    expect(created.singleton).to.equal(1);
    const a = await connectClient(app);
    const b = await connectClient(app);
    try {
      expect(textOf(await a.client.callTool({ name: 'single', arguments: {} }))).to.equal('single');
      expect(textOf(await a.client.callTool({ name: 'single', arguments: {} }))).to.equal('single');
      expect(created.singleton).to.equal(1);

      expect(textOf(await a.client.callTool({ name: 'perRequest', arguments: {} }))).to.equal('handler 1, audit 1, same ctx true');
      expect(textOf(await a.client.callTool({ name: 'perRequest', arguments: {} }))).to.equal('handler 2, audit 2, same ctx true');
      expect(events.filter((e) => e.startsWith('dispose handler'))).to.deep.equal(['dispose handler 1', 'dispose handler 2']);
      expect(events.filter((e) => e.startsWith('dispose audit'))).to.have.length(2);

      expect(textOf(await a.client.callTool({ name: 'perSession', arguments: {} }))).to.equal('session 1, call 1');
      expect(textOf(await a.client.callTool({ name: 'perSession', arguments: {} }))).to.equal('session 1, call 2');
      expect(textOf(await b.client.callTool({ name: 'perSession', arguments: {} }))).to.equal('session 2, call 1');
    } finally {
      await a.close();
      await waitUntil(() => events.includes('dispose session 1'), 'session scope disposed when the session ends');
      expect(events).to.not.include('dispose session 2');
      await b.close();
      await app.close();
    }
    expect(events).to.include('dispose session 2');
    expect(events.at(-1)).to.equal('shutdown singleton');
  });

  it('closes sessions and the container on app.close()', async () => {
    const app = await Armature.create(ScopesModule, { name: 'scopes', version: '1' });
    const conn = await connectClient(app);
    await conn.client.callTool({ name: 'perSession', arguments: {} });
    expect(app.sessionCount).to.equal(1);
    await app.close();
    expect(app.sessionCount).to.equal(0);
    expect(events).to.include('dispose session 1').and.include('shutdown singleton');
    await conn.client.close();
  });
});
