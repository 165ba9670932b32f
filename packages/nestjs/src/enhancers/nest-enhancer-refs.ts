import 'reflect-metadata';
import { EXCEPTION_FILTERS_METADATA, GUARDS_METADATA, INTERCEPTORS_METADATA, PIPES_METADATA } from '@nestjs/common/constants';
import type { RouteInfo } from '@armature/core/internal';
import type { McpEnhancers } from '../armature-module.options';

/** Nest enhancers as declared: classes (resolved through Nest's DI) or instances. */
export interface EnhancerRefs {
  readonly guards: readonly unknown[];
  readonly interceptors: readonly unknown[];
  readonly pipes: readonly unknown[];
  readonly filters: readonly unknown[];
}

function declared(key: string, target: object | undefined): readonly unknown[] {
  if (target === undefined) return [];
  const value: unknown = Reflect.getMetadata(key, target);
  return Array.isArray(value) ? value : [];
}

/** Module-wide, then class, then method: Nest's order, read from Nest's own metadata keys. */
function collect(key: string, global: readonly unknown[] | undefined, route: RouteInfo): readonly unknown[] {
  return [...(global ?? []), ...declared(key, route.handlerClass), ...declared(key, route.handler)];
}

/**
 * What `@UseGuards`, `@UseInterceptors`, `@UsePipes` and `@UseFilters` of `@nestjs/common`
 * declared for a route (plus the module-wide ones); `null` when nothing, so the route keeps
 * Armature's bare handler call.
 */
export function enhancerRefsOf(route: RouteInfo, global: McpEnhancers): EnhancerRefs | null {
  const refs: EnhancerRefs = {
    guards: collect(GUARDS_METADATA, global.guards, route),
    interceptors: collect(INTERCEPTORS_METADATA, global.interceptors, route),
    pipes: collect(PIPES_METADATA, global.pipes, route),
    filters: collect(EXCEPTION_FILTERS_METADATA, global.filters, route),
  };
  const none = refs.guards.length + refs.interceptors.length + refs.pipes.length + refs.filters.length === 0;
  return none ? null : refs;
}
