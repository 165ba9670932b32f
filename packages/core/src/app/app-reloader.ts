import { ManifestResolver } from '../manifest/manifest-resolver';
import type { ListKind } from '../protocol/server-features';
import type { ServerLogger } from '../logging/server-logger';
import type { SchemaCompiler } from '../validation/schema-compiler';
import { policySettingsOf, type ArmatureOptions } from './armature-options';
import { createHandlerHost, type RootModule } from './di-handler-host';
import type { McpNotifier } from './mcp-notifier';
import { compileModuleRoutes, replaceModuleRoutes } from '../routes/module-routes';
import { dropChangedModules, locateExport, packageRootOf, type ExportLocation } from '../dev-reload/require-cache';
import type { CompiledRoutes } from '../routes/route-compiler';
import { routeEnvironment } from '../routes/build-route-environment';
import type { RouteTables } from '../routes/route-tables';
import type { SwappableHandlerHost } from '../dev-reload/swappable-host';

/** What a reload works on: the app's parts that outlive one container. */
export interface ReloadTarget {
  readonly options: ArmatureOptions;
  readonly logger: ServerLogger;
  readonly notifier: McpNotifier;
  readonly host: SwappableHandlerHost;
  readonly tables: RouteTables;
  readonly compiler: SchemaCompiler;
  /** Pushes `notifications/<kind>/list_changed` to every live session. */
  listChanged(kind: ListKind): void;
}

const LIST_KINDS: readonly ListKind[] = ['tools', 'prompts', 'resources'];

/**
 * Swaps an app's handlers in place (`armature dev`): the changed compiled modules are dropped
 * from `require.cache`, the root module is required again, a new container and new routes are
 * built from it and the manifests on disk, and the routes the modules produced are replaced.
 * Sessions stay connected and hear `list_changed`. Any failure leaves the app as it was.
 */
export class AppReloader {
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly target: ReloadTarget,
    private root: RootModule,
    /** The routes the root module's handlers produced, as now served. */
    private routes: CompiledRoutes,
    /** The manifest resolver of the current handlers (run-time registrations use it too). */
    public resolver: ManifestResolver,
  ) {}

  /** Why the root module cannot be required again, or undefined when it can. */
  whyNotReloadable(): string | undefined {
    return this.reason(locateExport(this.root));
  }

  /** Reloads after a rebuild that wrote `changedFiles`; reloads run one after another. */
  reload(changedFiles: readonly string[]): Promise<void> {
    const run = this.queue.then(() => this.reloadNow(changedFiles));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async reloadNow(changedFiles: readonly string[]): Promise<void> {
    const { options, logger, notifier, host, tables, compiler } = this.target;
    const at = locateExport(this.root);
    const why = this.reason(at);
    if (why !== undefined || at === undefined) throw new Error(why);
    dropChangedModules(changedFiles, require.main?.filename, packageRootOf(at.file));
    const root = (require(at.file) as Record<string, unknown>)[at.name];
    if (root === undefined || root === null) throw new Error(`${at.file} no longer exports ${at.name}`);
    const resolver = new ManifestResolver(options.manifest, (message) => logger.warn(message), options.allowStaleManifest === true);
    const next = await createHandlerHost(root as RootModule, notifier, options.overrides);
    try {
      const routes = await compileModuleRoutes(next, resolver, routeEnvironment(next, policySettingsOf(options), logger, compiler));
      replaceModuleRoutes(tables, this.routes, routes);
      this.routes = routes;
    } catch (error) {
      await next.close().catch((closeError: unknown) => logger.error('closing the container of a failed reload failed', closeError));
      throw error;
    }
    this.root = root as RootModule;
    this.resolver = resolver;
    const previous = host.swap(next);
    // The old singletons' onShutdown hooks run now; calls already running on them finish as they are.
    await previous.close().catch((error: unknown) => logger.error('closing the container replaced by a reload failed', error));
    for (const kind of LIST_KINDS) this.target.listChanged(kind);
  }

  private reason(at: ExportLocation | undefined): string | undefined {
    if (at === undefined) return 'the root module is not exported by a loaded CommonJS module';
    if (at.file === require.main?.filename)
      return `the root module is declared in the process entry (${at.file}); move it to a file of its own to reload in place`;
    return undefined;
  }
}
