'use strict';
// The public surface of each published package: for every entry of its package.json "exports"
// map, the sorted names the compiled declaration file exports (read with the TypeScript checker,
// so `export *` chains are followed). Used by scripts/export-surface.js and its snapshot test.
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const ROOT = path.resolve(__dirname, '..', '..');
const SNAPSHOT_DIR = path.join(ROOT, 'test', 'repo', 'export-snapshots');

/** Every workspace package under packages/ with an "exports" map, as { name, dir, entries }. */
function publishedPackages() {
  const dir = path.join(ROOT, 'packages');
  return fs
    .readdirSync(dir)
    .sort()
    .map((folder) => path.join(dir, folder))
    .map((pkgDir) => ({ pkgDir, json: JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) }))
    .filter(({ json }) => json.exports && typeof json.exports === 'object')
    .map(({ pkgDir, json }) => ({ name: json.name, dir: pkgDir, entries: declarationEntries(pkgDir, json.exports) }));
}

function declarationEntries(pkgDir, exportsMap) {
  const entries = [];
  for (const [subpath, target] of Object.entries(exportsMap)) {
    if (typeof target !== 'object' || target === null || typeof target.types !== 'string') continue;
    entries.push({ subpath, file: path.join(pkgDir, target.types) });
  }
  return entries;
}

/** { "@armature/core": { ".": [names], "./internal": [names] }, ... } for every package. */
function readSurfaces() {
  const packages = publishedPackages();
  const files = packages.flatMap((p) => p.entries.map((e) => e.file));
  const missing = files.filter((f) => !fs.existsSync(f));
  if (missing.length > 0) throw new Error(`not built (run npm run build): ${missing.join(', ')}`);
  const program = ts.createProgram(files, { noEmit: true, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const surfaces = {};
  for (const pkg of packages) {
    surfaces[pkg.name] = {};
    for (const entry of pkg.entries) {
      const source = program.getSourceFile(entry.file);
      const symbol = source && checker.getSymbolAtLocation(source);
      const names = symbol ? checker.getExportsOfModule(symbol).map((s) => s.getName()) : [];
      surfaces[pkg.name][entry.subpath] = [...new Set(names)].sort();
    }
  }
  return surfaces;
}

function snapshotFile(pkgName) {
  return path.join(SNAPSHOT_DIR, `${pkgName.replace(/^@/, '').replace(/\//g, '__')}.json`);
}

function renderSnapshot(surface) {
  return `${JSON.stringify(surface, null, 2)}\n`;
}

/** Lines added (+) and removed (-) between a committed surface and the built one. */
function diffSurface(committed, built) {
  const lines = [];
  const subpaths = [...new Set([...Object.keys(committed), ...Object.keys(built)])].sort();
  for (const subpath of subpaths) {
    const before = new Set(committed[subpath] || []);
    const after = new Set(built[subpath] || []);
    for (const name of after) if (!before.has(name)) lines.push(`+ ${subpath} ${name}`);
    for (const name of before) if (!after.has(name)) lines.push(`- ${subpath} ${name}`);
  }
  return lines;
}

module.exports = { ROOT, SNAPSHOT_DIR, readSurfaces, snapshotFile, renderSnapshot, diffSurface };
