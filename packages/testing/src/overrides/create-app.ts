import { Armature, type ArmatureOptions, type RootModule } from '@armature/core';
import { Container, type ContainerOptions, type DynamicModule, type ModuleClass, type Provider } from '@armature/di';
import { testingError } from '../errors/testing-error';

/**
 * `Armature.create` with provider overrides handed to the DI container.
 *
 * Why the interception: `Armature.create` builds its container with `Container.create(root)`
 * and has no option that reaches the container's `overrides`. Core calls `Container.create`
 * synchronously, before its first `await`, so the static is swapped for exactly that call and
 * restored before any other code can run. The overrides are also passed as an `overrides`
 * option, so once core forwards such an option this interception only repeats it.
 */
export async function createApp(root: RootModule, options: ArmatureOptions, overrides: readonly Provider[]): Promise<Armature> {
  if (overrides.length === 0) return Armature.create(root, options);
  const original = Container.create;
  let reached = false;
  Container.create = function (this: typeof Container, graphRoot: ModuleClass | DynamicModule, containerOptions: ContainerOptions = {}) {
    reached = true;
    return original.call(this, graphRoot, { ...containerOptions, overrides: [...(containerOptions.overrides ?? []), ...overrides] });
  };
  let pending: Promise<Armature>;
  try {
    pending = Armature.create(root, { ...options, overrides } as ArmatureOptions);
  } finally {
    Container.create = original;
  }
  const app = await pending;
  if (!reached) {
    await app.close();
    throw testingError(
      'ARM_ERR_OVERRIDES_NOT_APPLIED',
      'Armature.create did not build its container through the @armature/di that @armature/testing sees, so the overrides were not applied. ' +
        'Make sure one copy of @armature/di is installed (npm ls @armature/di).',
    );
  }
  return app;
}
