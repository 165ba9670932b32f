import { type DynamicModule, Module, type InjectionToken, type Provider } from '@nestjs/common';
import { Armature, type ArmatureOptions } from '@armature/core';
import type {
  ArmatureModuleAsyncOptions,
  ArmatureModuleOptions,
  ArmatureModuleRootOptions,
  NestBridgeOptions,
} from './armature-module.options';
import { bridgedRoot } from './bridged-root';
import { NestEnhancerBridge } from './enhancers/nest-enhancer-bridge';
import { McpEndpoint } from './mcp-endpoint';
import { ARMATURE_MCP_ENHANCERS, ARMATURE_MODULE_OPTIONS, ARMATURE_NEST_PROVIDERS } from './tokens';

/**
 * Serves an Armature MCP server from a Nest application: the endpoint is mounted on Nest's
 * HTTP server (express or fastify platform) next to your controllers, Armature handlers may
 * inject the Nest providers you bridge, and Nest's shutdown drains and closes Armature.
 *
 * ```ts
 * @Module({
 *   imports: [NotesModule, ArmatureModule.forRoot({ root: McpModule, app: { name: 'notes', version: '1.0.0' }, imports: [NotesModule], providers: [NotesService] })],
 * })
 * class AppModule {}
 * ```
 *
 * The module exports `Armature` (the running app) for your controllers and services.
 */
@Module({})
export class ArmatureModule {
  static forRoot(options: ArmatureModuleRootOptions): DynamicModule {
    return ArmatureModule.build({ provide: ARMATURE_MODULE_OPTIONS, useValue: options }, options);
  }

  static forRootAsync(options: ArmatureModuleAsyncOptions): DynamicModule {
    const factory = options.useFactory as (...args: unknown[]) => ArmatureModuleOptions | Promise<ArmatureModuleOptions>;
    return ArmatureModule.build({ provide: ARMATURE_MODULE_OPTIONS, useFactory: factory, inject: [...(options.inject ?? [])] }, options);
  }

  private static build(optionsProvider: Provider, bridge: NestBridgeOptions): DynamicModule {
    const tokens: readonly InjectionToken[] = bridge.providers ?? [];
    return {
      module: ArmatureModule,
      imports: [...(bridge.imports ?? [])],
      providers: [
        optionsProvider,
        {
          provide: ARMATURE_NEST_PROVIDERS,
          useFactory: (...instances: unknown[]) => new Map(tokens.map((token, i) => [token, instances[i]])),
          inject: [...tokens],
        },
        { provide: ARMATURE_MCP_ENHANCERS, useValue: bridge.enhancers ?? {} },
        NestEnhancerBridge,
        {
          provide: Armature,
          useFactory: (options: ArmatureModuleOptions, instances: ReadonlyMap<InjectionToken, unknown>, enhancers: NestEnhancerBridge) =>
            Armature.create(bridgedRoot(options.root, instances), withNestEnhancers(options.app, enhancers)),
          inject: [ARMATURE_MODULE_OPTIONS, ARMATURE_NEST_PROVIDERS, NestEnhancerBridge],
        },
        McpEndpoint,
      ],
      exports: [Armature],
    };
  }
}

/** The app's options with Nest's enhancers around the handlers that declare some (before any `aroundHandler` of the app's own). */
function withNestEnhancers(app: ArmatureOptions, enhancers: NestEnhancerBridge): ArmatureOptions {
  const own = app.aroundHandler;
  const nest = enhancers.aroundHandler;
  return { ...app, aroundHandler: own === undefined ? nest : (route) => nest(route) ?? own(route) };
}
