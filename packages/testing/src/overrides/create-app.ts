import { Armature, type ArmatureOptions, type RootModule } from '@armature/core';
import type { Provider } from '@armature/di';

/** `Armature.create` with provider overrides handed to the DI container (`overrides` option). */
export function createApp(root: RootModule, options: ArmatureOptions, overrides: readonly Provider[]): Promise<Armature> {
  return Armature.create(root, overrides.length === 0 ? options : { ...options, overrides: [...(options.overrides ?? []), ...overrides] });
}
