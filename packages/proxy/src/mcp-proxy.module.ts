import type { Armature, ServerLogger } from '@armature/core';
import { Module, type DynamicModule } from '@armature/di';
import { McpProxy } from './mcp-proxy';
import { ProxyConfigError } from './proxy-errors';
import type { McpProxyOptions } from './proxy-options';

/** What `McpProxyModule.forRoot` returns: the module to import, and its proxy. */
export interface McpProxyMount extends DynamicModule {
  /** The proxy this module provides (injectable as `McpProxy` by the modules that import it). */
  readonly proxy: McpProxy;
}

/** The proxies whose module the app's container built (so it will close them with the app). */
const owned = new WeakSet<McpProxy>();

/**
 * Puts a remote MCP server (a stdio command or a Streamable HTTP URL) behind the app: import
 * `McpProxyModule.forRoot(options)` in a module, create the app, then
 * `await McpProxyModule.mount(app, [mounts…])` to serve each upstream's tools, prompts and
 * resources as the app's own. The app's container owns each proxy: `app.close()` closes the
 * upstream connection and stops a stdio child.
 */
@Module({})
export class McpProxyModule {
  /** A module providing one `McpProxy` for `options` (checked here: a bad option throws `ARM_ERR_PROXY_CONFIG`). */
  static forRoot(options: McpProxyOptions): McpProxyMount {
    const proxy = new McpProxy(options);
    // A factory rather than a value, so the container owns the proxy and runs its onShutdown on app.close().
    const provide = (): McpProxy => {
      owned.add(proxy);
      return proxy;
    };
    return { module: McpProxyModule, providers: [{ provide: McpProxy, useFactory: provide }], exports: [McpProxy], proxy };
  }

  /**
   * Serves each mount's upstream through `app` (see `McpProxy.mount`). Each mount must be
   * imported by the app's modules. Resolves once every upstream has connected or failed its
   * first attempt (it then keeps reconnecting); returns the proxies.
   */
  static async mount(app: Armature, mounts: readonly McpProxyMount[], logger?: ServerLogger): Promise<readonly McpProxy[]> {
    const proxies = mounts.map((mount) => mount.proxy);
    const stray = proxies.findIndex((proxy) => !owned.has(proxy));
    if (stray >= 0) throw new ProxyConfigError(`mounts[${stray}] is not imported by the app's modules: add it to a module's imports`);
    await Promise.all(proxies.map((proxy) => proxy.mount(app, logger)));
    return proxies;
  }
}
