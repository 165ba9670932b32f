import { Module } from '@armature/di';
import type { RootModule } from '@armature/core';
import type { InjectionToken } from '@nestjs/common';

/** The Nest providers, offered to every Armature module as plain values. */
@Module({})
class NestProvidersModule {}

/** The root Armature is created with: the author's root next to the Nest providers. */
@Module({})
class BridgedRoot {}

/**
 * The author's Armature root, with a global Armature module that provides each bridged Nest
 * instance under its Nest token (`useValue`: Armature runs no lifecycle hook on it; Nest does).
 */
export function bridgedRoot(root: RootModule, instances: ReadonlyMap<InjectionToken, unknown>): RootModule {
  if (instances.size === 0) return root;
  const tokens = [...instances.keys()] as (string | symbol | (abstract new (...args: never[]) => unknown))[];
  const providers = tokens.map((token) => ({ provide: token as never, useValue: instances.get(token) }));
  return { module: BridgedRoot, imports: [root, { module: NestProvidersModule, global: true, providers, exports: tokens as never[] }] };
}
