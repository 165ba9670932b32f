import 'reflect-metadata';
import { expect } from 'chai';
import { Container, Injectable, Module, type OnDispose } from '@armature/di';
import { createHandlerHost } from '../../src/app/di-handler-host';
import type { HandlerHost } from '../../src/routes/handler-host';
import { McpNotifier } from '../../src/app/mcp-notifier';
import type { RequestContext, SessionInfo, SessionScope } from '../../src/context/request-context';
import { Tool } from '../../src/decorators/tool.decorator';
import type { HandlerClass } from '../../src/metadata/handler-metadata';

const disposed: number[] = [];
let made = 0;

@Injectable({ scope: 'session' })
class PerSession implements OnDispose {
  readonly n = ++made;
  @Tool() which(): number {
    return this.n;
  }
  onDispose(): void {
    disposed.push(this.n);
  }
}

@Injectable()
class Shared {
  @Tool() shared(): string {
    return 'shared';
  }
}

@Module({ handlers: [PerSession, Shared] })
class ScopeModule {}

const INFO: SessionInfo = { id: undefined, protocolVersion: '2025-11-25', clientInfo: undefined, clientCapabilities: {} };

/** The part of a RequestContext the host reads to find the session's DI context. */
const requestIn = (scope: SessionScope): RequestContext => ({ sessionScope: scope }) as unknown as RequestContext;

describe('app: DI session scope (opened lazily)', () => {
  let host: HandlerHost;
  let contextsMade: number;
  // Counts the DI contexts the host creates.
  const prototype = Container.prototype as unknown as { createContext: (...args: unknown[]) => unknown };
  const realCreate = prototype.createContext;

  beforeEach(async () => {
    disposed.length = 0;
    made = 0;
    host = await createHandlerHost(ScopeModule, new McpNotifier());
    contextsMade = 0;
    prototype.createContext = function (this: Container, ...args: unknown[]) {
      contextsMade++;
      return realCreate.apply(this, args);
    };
  });

  afterEach(async () => {
    prototype.createContext = realCreate;
    await host.close();
  });

  it('creates no DI context for a session that never resolves a session-scoped provider', async () => {
    const scope = host.openSession(INFO);
    const shared = await host.instancesFor(Shared as HandlerClass);
    expect(shared.singleton).to.be.instanceOf(Shared);
    await scope.dispose();
    expect(contextsMade).to.equal(0);
  });

  it('creates the context on the first session-scoped resolution, reuses it, and disposes it with the session', async () => {
    const scope = host.openSession(INFO);
    const perSession = await host.instancesFor(PerSession as HandlerClass);
    const first = await perSession.acquire(requestIn(scope));
    const second = await perSession.acquire(requestIn(scope));
    expect(first.instance).to.equal(second.instance);
    expect(contextsMade).to.equal(1);
    expect(disposed).to.deep.equal([]);
    await scope.dispose();
    expect(disposed).to.deep.equal([1]);
    await scope.dispose();
    expect(disposed).to.deep.equal([1]);
  });

  it('refuses a session-scoped resolution after the session ended, leaving nothing undisposed', async () => {
    const scope = host.openSession(INFO);
    await scope.dispose();
    const perSession = await host.instancesFor(PerSession as HandlerClass);
    let failure: unknown;
    await perSession.acquire(requestIn(scope)).catch((error: unknown) => (failure = error));
    expect((failure as { code?: string } | undefined)?.code).to.equal('ARM_ERR_CONTEXT_DISPOSED');
    expect(made).to.equal(0);
  });
});
