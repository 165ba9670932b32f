import type { Armature, RootModule } from '@armature/core';
import { createApp } from '../overrides/create-app';
import type { TestAppOptions } from './test-app-options';

/**
 * Boots `root` as an Armature app with test defaults (`name: 'armature-test'`,
 * `version: '0.0.0'`) and `options.overrides` replacing providers. No client is connected:
 * use it to serve over a real transport.
 */
export function createTestApp(root: RootModule, options: TestAppOptions = {}): Promise<Armature> {
  const { overrides = [], ...appOptions } = options;
  return createApp(root, { name: 'armature-test', version: '0.0.0', ...appOptions }, overrides);
}
