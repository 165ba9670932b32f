import { ArmatureError, type Token } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';
import { ManifestResolver } from '../manifest/manifest-resolver';
import type { Implementation } from '../protocol/mcp-types.generated';
import { ServerSession } from '../protocol/server-session';
import { stderrLogger, type ServerLogger } from '../protocol/server-logger';
import { BootProblems } from '../routes/boot-problems';
import { scanHandlerClass } from '../routes/handler-scan';
import type { RouteEnvironment } from '../routes/route-environment';
import type { RouteSource } from '../routes/route-source';
import type { ConnectableApp, ConnectedSession, ConnectOptions, Transport } from '../transport/transport';
import { SchemaCompiler } from '../validation/schema-compiler';
import { AppFeatures } from './app-features';
import type { AppRuntime } from './app-runtime';
import { serverInfoOf, type ArmatureOptions } from './armature-options';
import { createHandlerHost, type RootModule } from './di-handler-host';
import type { HandlerHost } from './handler-host';
import { McpNotifier } from './mcp-notifier';
import { listenOn, type ListenHandle } from './listen';
import { PromptRegistry } from './prompts.registry';
import { ResourceRegistry } from './resources.registry';
import { compileRoutes } from './route-compiler';
import { RouteTables } from './route-tables';
import { SessionSet } from './session-set';
import { ToolRegistry } from './tools.registry';

/**
 * An Armature MCP server: the DI container, the compiled route table and the live sessions.
 * Create it with `Armature.create(RootModule, options)`, then `listen()` or `connect(transport)`.
 */
export class Armature implements ConnectableApp {
  /** The tools being served; register, remove, enable, disable at run time. */
  readonly tools: ToolRegistry;
  /** The resources and resource templates being served; `notifyUpdated(uri)` tells subscribers. */
  readonly resources: ResourceRegistry;
  /** The prompts being served. */
  readonly prompts: PromptRegistry;

  private readonly sessions: SessionSet;
  private readonly features: AppFeatures;
  private readonly listeners = new Set<ListenHandle>();
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly serverInfo: Implementation,
    private readonly options: ArmatureOptions,
    private readonly host: HandlerHost,
    private readonly logger: ServerLogger,
    tables: RouteTables,
    env: RouteEnvironment,
    resolver: ManifestResolver,
  ) {
    this.sessions = new SessionSet(logger);
    const runtime: AppRuntime = {
      tables,
      env,
      resolver,
      listChanged: (kind) => this.sessions.listChanged(kind),
      assertOpen: (action) => this.assertOpen(action),
    };
    this.tools = new ToolRegistry(runtime);
    this.resources = new ResourceRegistry(runtime, (uri) => this.sessions.resourceUpdated(uri));
    this.prompts = new PromptRegistry(runtime);
    this.features = new AppFeatures(tables, (session) => host.openSession(session));
  }

  /**
   * Builds the DI container from `root`, loads the manifests, and compiles every handler's
   * routes once (validators, list entries, parameter binding). Every problem found is
   * reported in one `ArmatureError`; nothing is left half-started.
   */
  static async create(root: RootModule, options: ArmatureOptions): Promise<Armature> {
    const serverInfo = serverInfoOf(options);
    const logger = options.logger ?? stderrLogger;
    const resolver = new ManifestResolver(options.manifest, (message) => logger.warn(message));
    const notifier = new McpNotifier();
    const host = await createHandlerHost(root, notifier);
    try {
      const env: RouteEnvironment = { compiler: new SchemaCompiler(), logger };
      const tables = new RouteTables();
      const problems = new BootProblems();
      const scan = { resolver, problems, warn: (message: string) => logger.warn(message) };
      const sources: RouteSource[] = [];
      for (const cls of host.handlers) sources.push(...scanHandlerClass(cls, await host.instancesFor(cls), scan));
      const routes = compileRoutes(sources, env, tables, problems);
      problems.throwIfAny();
      tables.tools.add(routes.tools);
      tables.prompts.add(routes.prompts);
      tables.resources.add(routes.resources);
      tables.templates.add(routes.templates);
      const app = new Armature(serverInfo, options, host, logger, tables, env, resolver);
      notifier.attach({ resourceUpdated: (uri) => app.sessions.resourceUpdated(uri), listChanged: (kind) => app.sessions.listChanged(kind) });
      return app;
    } catch (error) {
      await host.close().catch((closeError: unknown) => logger.error('closing the container after a failed boot failed', closeError));
      throw error;
    }
  }

  /** A singleton provider of the app's container (a service, a handler). */
  get<T>(token: Token<T>): T {
    return this.host.get(token);
  }

  /** Number of live sessions. */
  get sessionCount(): number {
    return this.sessions.size;
  }

  /** Starts a session on `transport` (any transport with the SDK's shape, ours or the SDK's). */
  async connect(transport: Transport, options?: ConnectOptions): Promise<ConnectedSession> {
    this.assertOpen('connect a transport');
    const session = new ServerSession(transport, {
      serverInfo: this.serverInfo,
      ...(this.options.instructions === undefined ? {} : { instructions: this.options.instructions }),
      features: this.features.current(),
      ...(this.options.pageSize === undefined ? {} : { pageSize: this.options.pageSize }),
      ...(this.options.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: this.options.requestTimeoutMs }),
      logger: this.logger,
      ...(options?.assumeInitialized === undefined ? {} : { assumeInitialized: options.assumeInitialized }),
    });
    session.onclose = () => this.sessions.delete(session);
    this.sessions.add(session);
    try {
      await session.start();
    } catch (error) {
      this.sessions.delete(session);
      await session.close().catch(() => undefined);
      throw error;
    }
    return session;
  }

  /**
   * Serves according to the command line: `--stdio` (default), `--http [host:]port` or
   * `--ws [host:]port`. HTTP and WebSocket load `@armature/http` / `@armature/ws` lazily.
   * Over stdio, the app closes when the client closes stdin.
   */
  async listen(argv: readonly string[] = process.argv.slice(2)): Promise<ListenHandle> {
    this.assertOpen('listen');
    const handle = await listenOn(this, argv, this.logger, () => this.close());
    this.listeners.add(handle);
    return handle;
  }

  /**
   * Stops listening, closes every session (requests in flight are answered -32000 and their
   * signals abort; session scopes are disposed), then shuts the container down. Idempotent.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await Promise.allSettled([...this.listeners].map((l) => l.close()));
      await this.sessions.closeAll();
      await this.host.close();
    })();
    return this.closing;
  }

  private assertOpen(action: string): void {
    if (this.closing) throw new ArmatureError(LocalErrorCode.APP_CLOSED, `Cannot ${action}: the app was closed.`);
  }
}
