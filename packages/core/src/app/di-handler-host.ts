import {
  ArmatureError,
  Container,
  type DynamicModule,
  type HandlerRef,
  type ModuleClass,
  type ModuleInfo,
  type Provider,
  type ResolutionContext,
  type Token,
} from '@armature/di';
import { RequestContext, type SessionScope } from '../context/request-context';
import { LocalErrorCode } from '../errors/local-error-codes';
import type { HandlerClass } from '../metadata/handler-metadata';
import { fixedInstance, type AcquiredInstance, type HandlerInstances } from '../routes/handler-instances';
import type { HandlerHost } from '../routes/handler-host';
import { SENT } from '../transport/sent';
import { McpNotifier } from './mcp-notifier';
import { mountPaths } from '../mount/mount-paths';
import type { MountPath } from '../mount/mount-naming';

/** What `Armature.create` accepts as the root: a `@Module` class or a dynamic module. */
export type RootModule = ModuleClass | DynamicModule;

/**
 * The app's session scope: holds the DI session context of one MCP session. The context is
 * created on first use (a session-scoped provider resolved), so a session whose handlers are
 * all singletons (every stateless HTTP request to such an app) creates and disposes nothing.
 * After a dev reload the session outlives its container; the new container gets a session
 * context of its own for it on first use, disposed with the others when the session ends.
 */
class DiSessionScope implements SessionScope {
  private own: ResolutionContext | undefined = undefined;
  private adopted: Map<Container, ResolutionContext> | undefined = undefined;
  private disposing: Promise<void> | undefined = undefined;

  constructor(private readonly container: Container) {}

  /** This session's DI context in `container`. */
  contextIn(container: Container): ResolutionContext {
    if (container === this.container) return (this.own ??= this.open(container));
    this.adopted ??= new Map();
    let context = this.adopted.get(container);
    if (!context) this.adopted.set(container, (context = this.open(container)));
    return context;
  }

  dispose(): Promise<void> {
    if (this.disposing !== undefined) return this.disposing;
    const contexts = this.adopted === undefined ? [] : [...this.adopted.values()];
    if (this.own !== undefined) contexts.unshift(this.own);
    // Nothing opened (most stateless sessions): `SENT`, which the session's close recognises as done at once.
    this.disposing = contexts.length === 0 ? SENT : disposeAll(contexts);
    return this.disposing;
  }

  private open(container: Container): ResolutionContext {
    const context = container.createContext('session');
    // Asked for after the session ended: hand out a disposed context, so resolving in it
    // fails as it did before (ARM_ERR_CONTEXT_DISPOSED) and nothing is left undisposed.
    if (this.disposing !== undefined) void context.dispose().catch(() => undefined);
    return context;
  }
}

async function disposeAll(contexts: readonly ResolutionContext[]): Promise<void> {
  const failures = (await Promise.allSettled(contexts.map((c) => c.dispose()))).filter(
    (r): r is PromiseRejectedResult => r.status === 'rejected',
  );
  if (failures.length > 0) throw failures[0]?.reason;
}

/** Core's own providers: the RequestContext each DI request context is seeded with. */
class ArmatureCoreModule {}
/** Wraps the author's root module so core's providers are part of the graph. */
class ArmatureAppModule {}

function withCoreProviders(root: RootModule, notifier: McpNotifier): DynamicModule {
  const core: DynamicModule = {
    module: ArmatureCoreModule,
    providers: [
      { provide: RequestContext, scope: 'request', fromContext: true },
      { provide: McpNotifier, useValue: notifier },
    ],
    exports: [RequestContext, McpNotifier],
    global: true,
  };
  return { module: ArmatureAppModule, imports: [core, root] };
}

function sessionContextOf(ctx: RequestContext, container: Container): ResolutionContext | undefined {
  const scope = ctx.sessionScope;
  return scope instanceof DiSessionScope ? scope.contextIn(container) : undefined;
}

/**
 * Instances of one handler by its effective scope. Singletons are resolved here, once, so
 * a call costs a property read. Session-scoped handlers live in the session's DI context.
 * Request-scoped and transient handlers get a DI request context per call, seeded with the
 * call's `RequestContext` and disposed after it (running `onDispose` hooks).
 */
function instancesOf(container: Container, ref: HandlerRef): HandlerInstances {
  const { type, scope, module } = ref;
  if (scope === 'singleton') return fixedInstance(container.get(type, module));
  const acquire = async (ctx: RequestContext): Promise<AcquiredInstance> => {
    const session = sessionContextOf(ctx, container);
    if (scope === 'session' && session) {
      return { instance: await container.resolve(type, session, module), release: () => Promise.resolve() };
    }
    // A session-scoped handler without a session scope (cannot happen through ServerSession) gets a throwaway one.
    const parent = session ?? container.createContext('session');
    const request = container.createContext('request', parent);
    request.provide(RequestContext, ctx);
    const release = async (): Promise<void> => {
      await request.dispose();
      if (parent !== session) await parent.dispose();
    };
    try {
      return { instance: await container.resolve(type, request, module), release };
    } catch (error) {
      await release();
      throw error;
    }
  };
  return { singleton: null, acquire };
}

/** Builds the DI container for `root` (plus core's global providers) and adapts it to what the application layer needs. */
export async function createHandlerHost(
  root: RootModule,
  notifier: McpNotifier,
  overrides: readonly Provider[] = [],
): Promise<HandlerHost> {
  const container = await Container.create(withCoreProviders(root, notifier), overrides.length > 0 ? { overrides } : {});
  let paths: ReadonlyMap<ModuleInfo, MountPath>;
  try {
    paths = mountPaths(container);
  } catch (error) {
    await container.close().catch(() => undefined);
    throw error;
  }
  const refs = new Map<HandlerClass, HandlerRef>(container.handlers.map((ref) => [ref.type as HandlerClass, ref]));
  return {
    handlers: [...refs.keys()],
    instancesFor: (cls) => {
      const ref = refs.get(cls);
      if (!ref) return Promise.reject(new Error(`${cls.name} is not a handler of this container`));
      return Promise.resolve(instancesOf(container, ref));
    },
    mountOf: (cls) => {
      const ref = refs.get(cls);
      return (ref && paths.get(ref.module)) ?? [];
    },
    openSession: () => new DiSessionScope(container),
    enhancer: (cls, handlerClass) => {
      const module = handlerClass === undefined ? undefined : refs.get(handlerClass as HandlerClass)?.module;
      if (!container.has(cls, module)) return undefined;
      const scope = container.scopeOf(cls, module);
      if (scope !== 'singleton') {
        throw new ArmatureError(
          LocalErrorCode.INVALID_ENHANCER,
          `${cls.name} is provided as ${scope === 'transient' ? 'transient' : `${scope}-scoped`}, but guards and interceptors are resolved once, at boot: ` +
            'make it a singleton and read per-call facts from the ExecutionContext (context.request, context.authInfo, context.args).',
        );
      }
      return container.get(cls, module);
    },
    get: <T>(token: Token<T>) => container.get(token),
    close: () => container.close(),
  };
}
