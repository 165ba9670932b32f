import { ElicitFormTable } from './elicit-form-table';
import { ArmatureError, type Token } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';
import { ManifestResolver } from '../manifest/manifest-resolver';
import type { Implementation } from '../wire/mcp-types.generated';
import type { ListKind } from '../protocol/server-features';
import { ServerSession } from '../session/server-session';
import { SENT } from '../transport/sent';
import { stderrLogger, type ServerLogger } from '../logging/server-logger';
import type { ServerSessionOptions } from '../session/server-session-options';
import type { RouteEnvironment } from '../routes/route-environment';
import type { ConnectableApp, ConnectedSession, ConnectOptions, SessionMessageRoute } from '../session/connectable-app';
import type { Transport } from '../transport/transport';
import { SchemaCompiler } from '../validation/schema-compiler';
import type { CloseOptions } from '../shutdown/close-options';
import { GracefulShutdown } from '../shutdown/graceful-shutdown';
import { installSignalHandlers, type SignalHandlingOptions } from '../shutdown/signal-handlers';
import { TaskManager } from '../task-runtime/task-manager';
import { AppFeatures } from '../routes/route-features';
import { AppReloader } from './app-reloader';
import type { AppRuntime } from '../registries/runtime-routes';
import { DEFAULT_DRAIN_MS, isDrainMs, policySettingsOf, serverInfoOf, type ArmatureOptions } from './armature-options';
import { openDevChannel, underArmatureDev } from '../dev-reload/dev-channel';
import { createHandlerHost, type RootModule } from './di-handler-host';
import { McpNotifier } from './mcp-notifier';
import { listenOn, type ListenHandle } from '../listen/listen';
import type { ListenTransport } from '../listen/listen-transport';
import { compileModuleRoutes } from '../routes/module-routes';
import { ScopedLists } from '../routes/scoped-lists';
import { PromptRegistry } from '../registries/prompts.registry';
import { ResourceRegistry } from '../registries/resources.registry';
import type { CompiledRoutes } from '../routes/route-compiler';
import { routeEnvironment } from '../routes/build-route-environment';
import { RouteTables } from '../routes/route-tables';
import { servedUris } from '../routes/served-uris';
import { SessionSet } from './session-set';
import { createDispatcher } from './app-dispatcher';
import type { Dispatcher } from '../kernel/dispatcher';
import type { RequestKernel } from '../kernel/request-kernel';
import { SwappableHandlerHost } from '../dev-reload/swappable-host';
import { ToolRegistry } from '../registries/tools.registry';
import type { BusEvent, NotificationBus } from '../bus/notification-bus';
import { InMemoryNotificationBus } from '../bus/in-memory-notification-bus';
import type { RequestObserver } from '../kernel/request-observer';
import { appObserver } from './app-observer';
import { startToolSearch } from './tool-search-mode';

/**
 * Options of `app.listen()`: which signals start a graceful shutdown, whether it ends the
 * process, and (optionally) exactly which transports `--<flag> [host:]port` may start instead
 * of the registered ones.
 */
export interface ListenOptions extends SignalHandlingOptions {
  /**
   * The transports the command line may choose, e.g. `[httpListenTransport]` from
   * `@armature/http`. Default: those registered in the process (`import '@armature/http/register'`).
   */
  readonly transports?: readonly ListenTransport[];
}

/** What `Armature.create` hands the app for reloads under `armature dev`. */
interface BootState {
  readonly root: RootModule;
  readonly routes: CompiledRoutes;
  readonly resolver: ManifestResolver;
  readonly notifier: McpNotifier;
  readonly compiler: SchemaCompiler;
}

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
  private readonly reloader: AppReloader;
  private closeDevChannel: (() => void) | undefined;
  private readonly listeners = new Set<ListenHandle>();
  private closing: Promise<void> | undefined;
  private sharedOptions: ServerSessionOptions | undefined;
  private shutdown: GracefulShutdown | undefined;
  private removeSignals: (() => void) | undefined;
  private readonly dispatcher: Dispatcher;
  /** Tools running as tasks (both revisions): outlive the requests that created them. */
  private readonly tasks: TaskManager;
  /** Where broadcasts go to reach every instance (this process alone by default). */
  private readonly bus: NotificationBus;
  private readonly leaveBus: () => void;
  /** Transports' routes to 2025 sessions by id (see `routeSessionMessages`). */
  private readonly sessionRoutes = new Set<SessionMessageRoute>();
  private broadcastCount = 0;
  /** The app's `requestObserver` and audit stream, as the kernel sees them (undefined: neither). */
  private readonly observer: RequestObserver | undefined;

  private constructor(
    private readonly serverInfo: Implementation,
    private readonly options: ArmatureOptions,
    private readonly host: SwappableHandlerHost,
    private readonly logger: ServerLogger,
    tables: RouteTables,
    env: RouteEnvironment,
    boot: BootState,
  ) {
    this.sessions = new SessionSet(logger);
    const listChanged = (kind: ListKind): void => this.sessions.listChanged(kind);
    this.reloader = new AppReloader(
      { options, logger, notifier: boot.notifier, host, tables, compiler: boot.compiler, listChanged },
      boot.root,
      boot.routes,
      boot.resolver,
    );
    const reloader = this.reloader;
    const runtime: AppRuntime = {
      tables,
      env,
      // A dev reload re-reads the manifests; run-time registrations use the current ones.
      get resolver() {
        return reloader.resolver;
      },
      listChanged,
      assertOpen: (action) => this.assertOpen(action),
    };
    this.tools = new ToolRegistry(runtime);
    this.bus = options.bus ?? new InMemoryNotificationBus((error) => logger.warn('a broadcast listener failed', error));
    this.leaveBus = this.bus.subscribe((event) => this.hear(event));
    this.resources = new ResourceRegistry(
      runtime,
      (uri) => void this.bus.publish({ type: 'resource_updated', uri, eventKey: this.eventKey() }),
    );
    this.prompts = new PromptRegistry(runtime);
    this.tasks = new TaskManager(options.tasks ?? {}, logger);
    if (this.bus.shared)
      this.tasks.publishStatus = (owner, taskId, task) => void this.bus.publish({ type: 'task_status', owner, taskId, task });
    this.tasks.notifySession = (sessionId, message) => {
      for (const route of this.sessionRoutes) route(sessionId, message);
    };
    const forms = new ElicitFormTable(() => reloader.resolver, boot.compiler);
    this.features = new AppFeatures(
      tables,
      (session) => host.openSession(session),
      new ScopedLists(options.allowUnauthenticated === true),
      this.tasks,
      (key) => forms.get(key),
      startToolSearch(options, this.tools, tables, () => reloader.resolver, logger),
    );
    this.observer = appObserver(options, tables, logger);
    this.dispatcher = createDispatcher(serverInfo, options, logger, () => this.features.current(), this.sessions, this.observer);
  }

  /** The request-scoped kernel that serves MCP 2026-07-28 requests (transports call it; see `RequestKernel`). */
  requestKernel(): RequestKernel {
    return this.dispatcher;
  }

  /**
   * Builds the DI container from `root`, loads the manifests, and compiles every handler's
   * routes once (validators, list entries, parameter binding). Every problem found is
   * reported in one `ArmatureError`; nothing is left half-started.
   */
  static async create(root: RootModule, options: ArmatureOptions): Promise<Armature> {
    const serverInfo = serverInfoOf(options);
    const logger = options.logger ?? stderrLogger;
    const resolver = new ManifestResolver(options.manifest, (message) => logger.warn(message), options.allowStaleManifest === true);
    const notifier = new McpNotifier();
    const host = new SwappableHandlerHost(await createHandlerHost(root, notifier, options.overrides));
    try {
      const compiler = new SchemaCompiler();
      const env = routeEnvironment(host, policySettingsOf(options), logger, compiler);
      const routes = await compileModuleRoutes(host, resolver, env);
      const tables = new RouteTables();
      tables.tools.add(routes.tools);
      tables.prompts.add(routes.prompts);
      tables.resources.add(routes.resources);
      tables.templates.add(routes.templates);
      const app = new Armature(serverInfo, options, host, logger, tables, env, { root, routes, resolver, notifier, compiler });
      notifier.attach({
        // A mounted module's handlers name URIs in their own namespace: announce them as served.
        resourceUpdated: (uri) => {
          for (const served of servedUris(tables, uri))
            void app.bus.publish({ type: 'resource_updated', uri: served, eventKey: app.eventKey() });
        },
        listChanged: (list) => void app.bus.publish({ type: 'list_changed', list, eventKey: app.eventKey() }),
      });
      return app;
    } catch (error) {
      await host.close().catch((closeError: unknown) => logger.error('closing the container after a failed boot failed', closeError));
      throw error;
    }
  }

  /** A key a broadcast has on every instance that hears it, so copies of one session store it once. */
  private eventKey(): string {
    return `${this.bus.instanceId}.${++this.broadcastCount}`;
  }

  /** The bus this app hears broadcasts on and transports keep session copies in step through. */
  notificationBus(): NotificationBus {
    return this.bus;
  }

  /** Adds a transport's route to its 2025 sessions by id; returns its removal. */
  routeSessionMessages(route: SessionMessageRoute): () => void {
    this.sessionRoutes.add(route);
    return () => void this.sessionRoutes.delete(route);
  }

  /** ConnectableApp: no task runs here and each one's final status was stored and told. */
  whenTasksIdle(timeoutMs: number): Promise<boolean> {
    return this.tasks.whenIdle(timeoutMs);
  }

  /** The lists a 2025 session opened now is told the changes of (its `initialize` answers `listChanged` for each). */
  listsServed(): readonly ListKind[] {
    const features = this.features.current();
    return (['tools', 'resources', 'prompts'] as const).filter((list) => features[list] !== undefined);
  }

  /**
   * A broadcast from any instance (this one included) reaches this instance's sessions and
   * listen streams. Run-time registry changes (`app.tools.register`…) change this instance's
   * tables only, so their `list_changed` stays local; `McpNotifier` broadcasts go everywhere.
   */
  private hear(event: BusEvent): void {
    if (event.type === 'resource_updated') this.sessions.resourceUpdated(event.uri, event.eventKey);
    else if (event.type === 'list_changed') this.sessions.listChanged(event.list, event.eventKey);
    else if (event.type === 'task_status') this.tasks.deliverStatus(event.owner, event.taskId, event.task as Record<string, unknown>);
  }

  /** A singleton provider of the app's container (a service, a handler). */
  get<T>(token: Token<T>): T {
    return this.host.get(token);
  }

  /** Number of live sessions (an ephemeral one, a stateless HTTP exchange, counts only while a request of it runs asynchronously). */
  get sessionCount(): number {
    return this.sessions.size;
  }

  /** Starts a session on `transport` (any transport with the SDK's shape, ours or the SDK's). */
  async connect(transport: Transport, options?: ConnectOptions): Promise<ConnectedSession> {
    return this.connectNow(transport, options);
  }

  /**
   * `connect` without waiting a tick when the transport starts at once (its `start()` returns
   * the shared `SENT`, as a stateless HTTP exchange's does): the session itself, else a
   * promise of it. Throws when the app is closed.
   */
  connectNow(transport: Transport, options?: ConnectOptions): ConnectedSession | Promise<ConnectedSession> {
    this.assertOpen('connect a transport');
    // The session enlists in `this.sessions` itself (see SessionSet) and leaves once closed.
    const session = new ServerSession(transport, this.sessionOptions(), options);
    const started = session.start();
    if (started === SENT) return session;
    return started.then(
      () => session,
      async (error: unknown) => {
        await session.close().catch(() => undefined);
        throw error;
      },
    );
  }

  /** The options every session shares, rebuilt only when the served features change. */
  private sessionOptions(): ServerSessionOptions {
    const features = this.features.current();
    if (this.sharedOptions?.features === features) return this.sharedOptions;
    const { instructions, pageSize, requestTimeoutMs, maxInflightRequests, maxUriLength, maxListensPerPrincipal } = this.options;
    this.sharedOptions = Object.freeze({
      serverInfo: this.serverInfo,
      features,
      logger: this.logger,
      registry: this.sessions,
      kernel: this.dispatcher,
      pacing: this.dispatcher.pacing,
      ...(this.observer === undefined ? {} : { observer: this.observer }),
      ...(this.options.serverCapabilities?.experimental === undefined
        ? {}
        : { experimentalCapabilities: this.options.serverCapabilities.experimental }),
      ...(instructions === undefined ? {} : { instructions }),
      ...(pageSize === undefined ? {} : { pageSize }),
      ...(maxUriLength === undefined ? {} : { maxUriLength }),
      ...(maxListensPerPrincipal === undefined ? {} : { maxListensPerPrincipal }),
      ...(requestTimeoutMs === undefined ? {} : { requestTimeoutMs }),
      ...(maxInflightRequests === undefined ? {} : { maxInflightRequests }),
    });
    return this.sharedOptions;
  }

  /**
   * Serves according to the command line: `--stdio` (default), or `--http [host:]port`,
   * `--ws [host:]port` (any `--<flag>`) through a transport registered by its package
   * (`import '@armature/http/register'`) or given in `options.transports`.
   * Over stdio, the app closes when the client closes stdin.
   *
   * Also installs SIGTERM/SIGINT handlers (unless `signals: false`) that close the app
   * gracefully (see `close()`) and then end the process with code 0; a second signal cuts
   * the drain window short. They are removed by `app.close()` or `handle.removeSignalHandlers()`.
   */
  async listen(argv: readonly string[] = process.argv.slice(2), options: ListenOptions = {}): Promise<ListenHandle> {
    this.assertOpen('listen');
    const handle = await listenOn(this, argv, {
      logger: this.logger,
      drainMs: this.drainMs,
      closeApp: () => this.close(),
      removeSignalHandlers: () => this.removeSignalHandlers(),
      transports: options.transports,
    });
    this.listeners.add(handle);
    // Under `armature dev`: announce readiness and reload handlers in place after each rebuild.
    if (this.closeDevChannel === undefined && underArmatureDev()) this.closeDevChannel = openDevChannel(this.reloader, this.logger);
    if (options.signals !== false && this.removeSignals === undefined) {
      this.removeSignals = installSignalHandlers(
        { close: () => this.close(), hurry: () => this.shutdown?.hurry(), note: (message) => this.logger.warn(message) },
        options,
      );
    }
    return handle;
  }

  /**
   * Shuts down gracefully: stops accepting sessions and requests (new requests are answered
   * -32000), lets requests in flight finish for up to `drainMs` (default: the `drainMs`
   * option, 10 s), then closes every session — requests still running are answered -32000
   * and their signals abort, session scopes are disposed — and finally runs the container's
   * `onShutdown` hooks. Idempotent: later calls share the first.
   */
  close(options: CloseOptions = {}): Promise<void> {
    if (this.closing) return this.closing;
    this.closeDevChannel?.();
    this.closeDevChannel = undefined;
    const drainMs = options.drainMs ?? this.drainMs;
    if (!isDrainMs(drainMs)) {
      return Promise.reject(
        new ArmatureError(
          LocalErrorCode.INVALID_OPTIONS,
          `app.close: "drainMs" must be 0 or a positive number of milliseconds, got ${String(drainMs)}.`,
        ),
      );
    }
    // Sessions not listed (ephemeral ones between requests) see this flag and refuse new requests too.
    this.sessions.draining = true;
    // 2026 listen streams hold no work: they end with their result at once, before transports close.
    this.dispatcher.endListens();
    const shutdown = new GracefulShutdown({
      listeners: () => [...this.listeners],
      // 2026 requests in flight drain like a session's.
      // Tasks drain too; those still running when the window ends are stored as cancelled.
      sessions: () => [
        ...this.sessions.all(),
        { drain: (ms: number) => this.dispatcher.whenIdle(ms), close: async () => this.dispatcher.closeAll() },
        { drain: (ms: number) => this.tasks.whenIdle(ms), close: () => this.tasks.closeAll() },
      ],
      closeSessions: async () => {
        this.dispatcher.closeAll();
        await this.tasks.closeAll();
        await this.sessions.closeAll();
      },
      abandonSessions: () => this.sessions.abandonAll(),
      disposeContainer: () => this.host.close(),
      logger: this.logger,
    });
    this.shutdown = shutdown;
    this.features.stopWarmup();
    // The signal handlers stay until the end, so a second signal can still cut the drain short.
    this.closing = shutdown.run(drainMs).finally(async () => {
      this.leaveBus();
      this.removeSignalHandlers();
      await this.options.audit?.close?.().catch((error: unknown) => this.logger.warn('closing the audit sink failed', error));
    });
    return this.closing;
  }

  /** Removes the signal handlers `listen()` installed, if any. */
  private removeSignalHandlers(): void {
    this.removeSignals?.();
    this.removeSignals = undefined;
  }

  private get drainMs(): number {
    return this.options.drainMs ?? DEFAULT_DRAIN_MS;
  }

  private assertOpen(action: string): void {
    if (this.closing) throw new ArmatureError(LocalErrorCode.APP_CLOSED, `Cannot ${action}: the app was closed.`);
  }
}
