import type { IncomingMessage } from 'node:http';
import type { CanActivate, ExceptionFilter, InjectionToken, ModuleMetadata, NestInterceptor, PipeTransform, Type } from '@nestjs/common';
import type { ArmatureOptions, AuthInfo, RootModule } from '@armature/core';
import type { HttpHandlerOptions } from '@armature/http';

/** What `ArmatureModule` serves and where. */
export interface ArmatureModuleOptions {
  /** The Armature root module: its `handlers` (and their Armature providers) are the MCP surface. */
  readonly root: RootModule;
  /** The Armature app's options (`name`, `version`, `manifest`, `requestObserver`…). */
  readonly app: ArmatureOptions;
  /** The endpoint's path on the Nest HTTP server (absolute: Nest's global prefix does not apply). Default `/mcp`. */
  readonly path?: string;
  /** Options of the Streamable HTTP handler (`stateless`, `allowedHosts`, `verifyToken`, `cors`…). */
  readonly http?: HttpHandlerOptions;
  /** How long a shutdown lets in-flight MCP requests finish before ending sessions, in ms. Default 10 000. */
  readonly drainMs?: number;
  /**
   * Who the caller is, from what your Nest/express/fastify middleware left on the raw request
   * (say, `req.user` set by passport); reaches handlers as `ctx.authInfo`. Not needed with `http.verifyToken`.
   */
  readonly authInfo?: (req: IncomingMessage) => AuthInfo | undefined;
}

/** `ArmatureModule.forRoot` options: the module options plus the Nest side of the bridge. */
export interface ArmatureModuleRootOptions extends ArmatureModuleOptions, NestBridgeOptions {}

/** The Nest side of the bridge: which Nest providers Armature handlers may inject. */
export interface NestBridgeOptions {
  /** Nest modules that export the `providers` below. */
  readonly imports?: ModuleMetadata['imports'];
  /**
   * Nest providers Armature handlers and providers may inject (by the same token: a class, a
   * string or a symbol). Nest builds them (its scopes, its lifecycle hooks); Armature receives
   * the instances as values and never runs their hooks. Default-scoped (singleton) providers only.
   */
  readonly providers?: readonly InjectionToken[];
  /**
   * Nest guards, interceptors, pipes and filters run on every MCP route (tools, prompts,
   * resources), before those a handler class or method declares with `@UseGuards`… (the
   * "global" ones of MCP: those of `app.useGlobalGuards()` and `APP_GUARD` serve HTTP only).
   */
  readonly enhancers?: McpEnhancers;
}

/** Nest enhancers for every MCP route: classes (built by Nest's DI) or instances. */
export interface McpEnhancers {
  readonly guards?: readonly (Type<CanActivate> | CanActivate)[];
  readonly interceptors?: readonly (Type<NestInterceptor> | NestInterceptor)[];
  readonly pipes?: readonly (Type<PipeTransform> | PipeTransform)[];
  readonly filters?: readonly (Type<ExceptionFilter> | ExceptionFilter)[];
}

/** `ArmatureModule.forRootAsync` options: module options from a Nest factory. */
export interface ArmatureModuleAsyncOptions extends NestBridgeOptions {
  /** Nest providers the factory receives, in order. */
  readonly inject?: readonly InjectionToken[];
  readonly useFactory: (...args: never[]) => ArmatureModuleOptions | Promise<ArmatureModuleOptions>;
}
