import type { ServerLogger } from '../protocol/server-logger';
import type { RouteEnvironment } from '../routes/route-environment';
import { SchemaCompiler } from '../validation/schema-compiler';
import type { ArmatureOptions } from './armature-options';
import { EnhancerResolver } from './enhancer-resolver';
import type { HandlerHost } from './handler-host';
import { AppRoutePolicy } from './route-policy';

/**
 * What routes are compiled with: the app's schema compiler and logger, and a policy whose
 * guards and interceptors come from `host` (the boot container, or the one a dev reload built).
 * Throws when a global guard or interceptor cannot be resolved.
 */
export function routeEnvironment(host: HandlerHost, options: ArmatureOptions, logger: ServerLogger, compiler = new SchemaCompiler()): RouteEnvironment {
  const policy = new AppRoutePolicy(new EnhancerResolver((cls, handler) => host.enhancer(cls, handler)), {
    guards: options.guards ?? [],
    interceptors: options.interceptors ?? [],
    rateLimit: options.rateLimit,
    ...(options.rateLimitStore === undefined ? {} : { rateLimitStore: options.rateLimitStore }),
    allowUnauthenticated: options.allowUnauthenticated === true,
  });
  return { compiler, logger, policy };
}
