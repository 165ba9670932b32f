import { ArmatureError } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';
import { isHandlerClass, type HandlerClass } from '../metadata/handler-metadata';
import type { MethodKind } from '../metadata/handler-metadata.types';
import type { ManifestResolver } from '../manifest/manifest-resolver';
import type { ListKind } from '../protocol/server-features';
import { BootProblems } from '../routes/boot-problems';
import { fixedInstance, type HandlerInstances } from '../routes/handler-instances';
import { scanHandlerClass } from '../routes/handler-scan';
import type { RouteEnvironment } from '../routes/route-environment';
import type { RouteSource } from '../routes/route-source';
import { compileRoutes, type CompiledRoutes } from '../routes/route-compiler';
import type { RouteTables } from '../routes/route-tables';

/** What the `app.tools` / `app.resources` / `app.prompts` registries share. */
export interface AppRuntime {
  readonly tables: RouteTables;
  readonly env: RouteEnvironment;
  readonly resolver: ManifestResolver;
  /** Pushes `notifications/<kind>/list_changed` to every live session. */
  listChanged(kind: ListKind): void;
  /** Throws `ARM_ERR_APP_CLOSED` after `app.close()`. */
  assertOpen(action: string): void;
}

/**
 * Route sources for a handler registered at run time: an instance of a decorated class is
 * used as is; a decorated class is constructed with `new` (it must take no constructor
 * arguments: resolve injected handlers from the container and pass the instance instead).
 */
export function handlerSources(runtime: AppRuntime, target: object, kinds: ReadonlySet<MethodKind>, label: string): RouteSource[] {
  let cls: HandlerClass;
  let instances: HandlerInstances;
  if (typeof target === 'function') {
    cls = target as HandlerClass;
    if (!isHandlerClass(cls)) throw notHandler(label, (cls as { name?: string }).name || 'the class');
    if (cls.length > 0) {
      throw new ArmatureError(
        LocalErrorCode.NOT_REGISTERED,
        `${cls.name} takes constructor arguments; pass an instance (e.g. resolved from your module) instead of the class.`,
      );
    }
    instances = fixedInstance(new (cls as unknown as new () => object)());
  } else {
    cls = target.constructor as HandlerClass;
    if (!isHandlerClass(cls)) throw notHandler(label, (cls as { name?: string } | undefined)?.name || 'the object');
    instances = fixedInstance(target);
  }
  const problems = new BootProblems();
  const sources = scanHandlerClass(
    cls,
    instances,
    { resolver: runtime.resolver, problems, warn: (m) => runtime.env.logger.warn(m) },
    kinds,
  );
  problems.throwIfAny();
  if (sources.length === 0) throw notHandler(label, cls.name);
  return sources;
}

function notHandler(label: string, name: string): ArmatureError {
  return new ArmatureError(
    LocalErrorCode.NOT_REGISTERED,
    `${name} has no ${label} to register: pass a definition object or an instance of a class with decorated methods.`,
  );
}

/** Compiles sources against the current tables, throwing every problem at once. */
export function compileOrThrow(runtime: AppRuntime, sources: readonly RouteSource[]): CompiledRoutes {
  const problems = new BootProblems();
  const routes = compileRoutes(sources, runtime.env, runtime.tables, problems);
  problems.throwIfAny();
  return routes;
}
