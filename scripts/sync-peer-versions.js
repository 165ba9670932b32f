#!/usr/bin/env node
'use strict';
/*
 * The root `version` lifecycle script, which `lerna version` (and `lerna publish`) run after
 * bumping every package and before committing: lerna updates dependencies and devDependencies
 * on the repository's own packages but leaves peerDependencies as they were, so a release would
 * publish @armature/testing with a peer on the previous @armature/http (npm then refuses or
 * overrides it). This sets each peer range on one of our packages to that package's new version.
 * Prints the manifests it changed.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const FOLDERS = ['packages', 'examples'];

const manifests = FOLDERS.flatMap((folder) =>
  fs
    .readdirSync(path.join(ROOT, folder))
    .map((name) => path.join(ROOT, folder, name, 'package.json'))
    .filter((file) => fs.existsSync(file)),
).map((file) => ({ file, pkg: JSON.parse(fs.readFileSync(file, 'utf8')) }));
const versions = new Map(manifests.map(({ pkg }) => [pkg.name, pkg.version]));

for (const { file, pkg } of manifests) {
  let changed = false;
  for (const [name, range] of Object.entries(pkg.peerDependencies ?? {})) {
    const version = versions.get(name);
    if (version !== undefined && range !== version) {
      pkg.peerDependencies[name] = version;
      changed = true;
    }
  }
  if (changed) {
    fs.writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
    console.log(`sync-peer-versions: ${path.relative(ROOT, file)}`);
  }
}
