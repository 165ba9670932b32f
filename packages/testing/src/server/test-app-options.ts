import type { ArmatureOptions } from '@armature/core';
import type { Provider } from '@armature/di';

/** The app's options as tests give them: `name` and `version` have defaults, plus overrides. */
export interface TestAppOptions extends Partial<ArmatureOptions> {
  /**
   * Providers that replace the declared ones wherever they are declared (the declaring module
   * keeps owning and exporting them): `{ provide, useValue | useFactory | useClass }`, or
   * `override(token).useValue(…)` for a typed one.
   */
  readonly overrides?: readonly Provider[];
}
