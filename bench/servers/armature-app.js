'use strict';
// Loads the compiled Armature benchmark app. Its schemas come from the manifest that
// `armature build` wrote from the TypeScript source (see generate/armature-project.js).
const path = require('node:path');

const BENCH_ROOT = path.join(__dirname, '..');

/** Folder of the Armature project serving `add` plus tool set `toolSet` (generate/tool-set.js). */
function armatureProjectDir(toolSet = 0) {
  return String(toolSet) === '0' ? path.join(__dirname, 'armature') : path.join(BENCH_ROOT, '.tmp', `armature-tools-${toolSet}`);
}

/** Module path of the compiled `createBenchApp` for that project. */
function armatureAppModule(extraTools = 0) {
  return path.join(armatureProjectDir(extraTools), 'dist', 'src', 'bench.app.js');
}

/** Creates the Armature app (`Armature.create` with the manifest next to the compiled handlers). */
function createArmatureApp(extraTools = 0) {
  return require(armatureAppModule(extraTools)).createBenchApp();
}

/**
 * With BENCH_APP_CODE_CACHE=1 (the `armature, app code cache` rows), compiles the project's own
 * modules through `@armature/core/code-cache` (docs/performance.md, "Code cache"), its root the
 * project's folder; called before they load, as an app's entry does first.
 */
function enableAppCodeCacheWhenAsked(toolSet = 0) {
  if (process.env.BENCH_APP_CODE_CACHE !== '1') return;
  require('@armature/core/code-cache').enableCodeCache({ root: armatureProjectDir(toolSet) });
}

module.exports = { armatureProjectDir, armatureAppModule, createArmatureApp, enableAppCodeCacheWhenAsked };
