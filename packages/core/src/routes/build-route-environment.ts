import type { ServerLogger } from '../logging/server-logger';
import type { RouteEnvironment } from './route-environment';
import { SchemaCompiler } from '../validation/schema-compiler';
import { EnhancerResolver } from './enhancer-resolver';
import type { HandlerHost } from './handler-host';
import { AppRoutePolicy, type PolicySettings } from './route-policy';

/**
 * What routes are compiled with: the app's schema compiler and logger, and a policy whose
 * guards and interceptors come from `host` (the boot container, or the one a dev reload built).
 * Throws when a global guard or interceptor cannot be resolved.
 */
export function routeEnvironment(
  host: HandlerHost,
  settings: PolicySettings,
  logger: ServerLogger,
  compiler = new SchemaCompiler(),
): RouteEnvironment {
  const policy = new AppRoutePolicy(new EnhancerResolver((cls, handler) => host.enhancer(cls, handler)), settings);
  return { compiler, logger, policy };
}
