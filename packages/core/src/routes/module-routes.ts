import { ArmatureError } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';
import type { ManifestResolver } from '../manifest/manifest-resolver';
import { BootProblems } from './boot-problems';
import { scanHandlerClass } from './handler-scan';
import { mountedSource } from './mounted-source';
import type { RouteEnvironment } from './route-environment';
import type { RouteSource } from './route-source';
import type { HandlerHost } from './handler-host';
import { compileRoutes, type CompiledRoutes } from './route-compiler';
import type { RouteRegistry } from './route-registry';
import { RouteTables } from './route-tables';

/**
 * Scans every handler class of the host's modules (metadata plus manifest) and compiles its
 * routes: validators, list entries, parameter binding. Every problem is thrown at once.
 */
export async function compileModuleRoutes(host: HandlerHost, resolver: ManifestResolver, env: RouteEnvironment): Promise<CompiledRoutes> {
  const problems = new BootProblems();
  const scan = { resolver, problems, warn: (message: string) => env.logger.warn(message) };
  const sources: RouteSource[] = [];
  for (const cls of host.handlers) {
    const path = host.mountOf(cls);
    for (const source of scanHandlerClass(cls, await host.instancesFor(cls), scan)) sources.push(mountedSource(source, path));
  }
  const routes = compileRoutes(sources, env, new RouteTables(), problems);
  problems.throwIfAny();
  return routes;
}

/** One kind of route, ready to be checked and swapped (the route type stays inside). */
interface RouteSwap {
  check(): void;
  swap(): void;
}

/**
 * Replaces the routes the modules produced (`previous`) by freshly compiled ones (`next`),
 * leaving routes registered at run time alone. All or nothing: a new name that a run-time
 * route already holds throws `ARM_ERR_DUPLICATE_NAME` before anything changes. A module route
 * disabled at run time stays disabled under its name.
 */
export function replaceModuleRoutes(tables: RouteTables, previous: CompiledRoutes, next: CompiledRoutes): void {
  const kinds = [
    routeSwap(tables.tools, previous.tools, next.tools, (r) => r.name),
    routeSwap(tables.prompts, previous.prompts, next.prompts, (r) => r.name),
    routeSwap(tables.resources, previous.resources, next.resources, (r) => r.uri),
    routeSwap(tables.templates, previous.templates, next.templates, (r) => r.uriTemplate),
  ];
  for (const kind of kinds) kind.check();
  for (const kind of kinds) kind.swap();
}

function routeSwap<R, E>(registry: RouteRegistry<R, E>, previous: readonly R[], next: readonly R[], key: (route: R) => string): RouteSwap {
  return {
    check() {
      const own = new Set(previous.map(key));
      for (const route of next) {
        const name = key(route);
        if (registry.has(name) && !own.has(name)) {
          throw new ArmatureError(
            LocalErrorCode.DUPLICATE_NAME,
            `${JSON.stringify(name)} is now declared by a handler, but a route registered at run time holds it; remove that route first.`,
          );
        }
      }
    },
    swap() {
      const disabled = new Set<string>();
      for (const route of previous) {
        const name = key(route);
        if (!registry.has(name)) continue;
        if (registry.get(name) === undefined) disabled.add(name);
        registry.remove(name);
      }
      registry.add(next);
      for (const route of next) if (disabled.has(key(route))) registry.setEnabled(key(route), false);
    },
  };
}
