#!/usr/bin/env node
'use strict';
// `npm start`'s `prestart`: builds only what the notes demo runs, incrementally, instead of the
// whole repository (`npm run build` also builds every other package and all the examples):
//   1. tsc -b of examples/notes (and the packages it references) and of @armature/cli;
//   2. the bundling step (scripts/bundle-package.js) of each bundled package whose bundle is
//      missing or older than tsc's output;
//   3. `armature build` of examples/notes (its manifest; up to date when nothing changed).
// Nothing changed: about a second. `npm run build` stays the way to build everything.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { bundlePackage } = require('./bundle-package');

const ROOT = path.resolve(__dirname, '..');
const TSC = require.resolve('typescript/bin/tsc', { paths: [ROOT] });
const ARMATURE = path.join(ROOT, 'packages/cli/dist/src/bin/armature.js');
/** The bundled packages the notes server loads (each has a `build` script running the bundler). */
const BUNDLED = ['packages/di', 'packages/core', 'packages/http', 'packages/ws'];

function run(args) {
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Whether tsc wrote output the bundle does not have yet (or there is no bundle). */
function bundleIsStale(dir) {
  const built = fs.statSync(path.join(ROOT, dir, 'dist/js/tsconfig.tsbuildinfo'), { throwIfNoEntry: false });
  const bundle = fs.statSync(path.join(ROOT, dir, 'dist/bundle.js'), { throwIfNoEntry: false });
  const loader = fs.existsSync(path.join(ROOT, dir, 'dist/load.js'));
  return bundle === undefined || !loader || (built !== undefined && built.mtimeMs > bundle.mtimeMs);
}

async function main() {
  run([TSC, '-b', 'examples/notes', 'packages/cli']);
  for (const dir of BUNDLED) if (bundleIsStale(dir)) await bundlePackage(path.join(ROOT, dir));
  run([ARMATURE, 'build', '-p', 'examples/notes']);
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
