#!/usr/bin/env node
'use strict';
/*
 * Checks every public package under packages/ as it would be published:
 *
 *   1. its package.json sets what a published package needs (README, LICENSE and CHANGELOG.md in
 *      `files`, `engines.node`, `license`, `repository` — the root package.json's URL, with the
 *      package's folder —, `type`, `sideEffects`, public access for a scoped name); its LICENSE is
 *      the root LICENSE; private packages and examples stay private;
 *   2. `npm pack` it, then lint the tarball with publint (every message, suggestions included,
 *      fails the check) and with Are the Types Wrong (`attw`, profile node16: see below).
 *
 *   node scripts/check-packages.js [name-or-folder ...]
 *
 * The attw profile is `node16`: it checks resolution from CommonJS and from ES modules under
 * `moduleResolution: node16/nodenext`, and under `bundler`. It leaves out `node10` (TypeScript's
 * legacy resolution, which ignores `exports`, so no subpath like `@armature/core/build` resolves
 * there); our packages need Node >= 20.10, whose TypeScript users resolve through `exports`.
 * `--no-definitely-typed` keeps the check offline.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const ATTW = path.join(ROOT, 'node_modules/@arethetypeswrong/cli/dist/index.js');
/** The repository every package names: the root package.json's (docs/releasing.md says why this value). */
const REPOSITORY_URL = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).repository?.url;
const LICENSE_TEXT = fs.readFileSync(path.join(ROOT, 'LICENSE'), 'utf8');

/** Every package.json under `folder/*`, with its folder relative to the root. */
function workspacePackages(folder) {
  return fs
    .readdirSync(path.join(ROOT, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(ROOT, folder, entry.name, 'package.json')))
    .map((entry) => {
      const dir = `${folder}/${entry.name}`;
      return { dir, pkg: JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) };
    });
}

/** What package.json must say for a published package; returns the problems found. */
function metadataProblems({ dir, pkg }, versions) {
  const problems = [];
  // Fixed mode: one version for all, and each package names its siblings at exactly that version
  // (peers too: lerna leaves them alone, scripts/sync-peer-versions.js updates them).
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    for (const [name, range] of Object.entries(pkg[field] ?? {})) {
      const version = versions.get(name);
      if (version !== undefined && range !== version)
        problems.push(`${field}["${name}"] is ${range}, not ${version} (the version in the repository)`);
    }
  }
  const need = (ok, text) => ok || problems.push(text);
  need(typeof pkg.description === 'string' && pkg.description.length > 0, 'no "description"');
  need(pkg.license === 'MIT', '"license" is not MIT');
  need(
    pkg.repository?.type === 'git' && pkg.repository.url === REPOSITORY_URL && pkg.repository.directory === dir,
    `"repository" must be { type: git, url: ${REPOSITORY_URL}, directory: ${dir} }`,
  );
  need(Array.isArray(pkg.files) && pkg.files.length > 0, 'no "files" list (everything in the folder would be published)');
  need(Array.isArray(pkg.files) && pkg.files.includes('README.md'), '"files" does not list README.md');
  need(fs.existsSync(path.join(ROOT, dir, 'README.md')), 'no README.md');
  // LICENSE: the root one, copied (npm packs the package folder only). CHANGELOG.md: written by
  // `lerna version` at each release, so listed before the first one exists.
  need(Array.isArray(pkg.files) && pkg.files.includes('LICENSE'), '"files" does not list LICENSE');
  need(Array.isArray(pkg.files) && pkg.files.includes('CHANGELOG.md'), '"files" does not list CHANGELOG.md (lerna version writes it)');
  const license = path.join(ROOT, dir, 'LICENSE');
  need(fs.existsSync(license) && fs.readFileSync(license, 'utf8') === LICENSE_TEXT, 'LICENSE is missing or differs from the root LICENSE');
  need(typeof pkg.engines?.node === 'string', 'no "engines.node"');
  need(pkg.type === 'commonjs', '"type" is not "commonjs" (the packages are compiled to CommonJS)');
  need(typeof pkg.sideEffects === 'boolean' || Array.isArray(pkg.sideEffects), '"sideEffects" is not set');
  if (pkg.name.startsWith('@')) need(pkg.publishConfig?.access === 'public', 'a scoped package needs "publishConfig.access": "public"');
  return problems;
}

function run(command, args, cwd) {
  return spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 120_000, env: { ...process.env, FORCE_COLOR: '0' } });
}

async function main() {
  const wanted = process.argv.slice(2);
  if (typeof REPOSITORY_URL !== 'string' || !REPOSITORY_URL.startsWith('git+https://'))
    throw new Error('the root package.json needs "repository": { "type": "git", "url": "git+https://…" }');
  const { publint } = await import('publint');
  const { formatMessage } = await import('publint/utils');
  const all = workspacePackages('packages');
  const versions = new Map(all.map(({ pkg }) => [pkg.name, pkg.version]));
  let failures = 0;
  for (const { dir, pkg } of [...workspacePackages('examples'), ...all.filter((p) => p.pkg.private)]) {
    if (pkg.private !== true) {
      console.log(`check-packages: ${dir} (${pkg.name}) must be private`);
      failures++;
    }
  }
  const candidates = all.filter(
    ({ dir, pkg }) => !pkg.private && (wanted.length === 0 || wanted.includes(pkg.name) || wanted.includes(dir)),
  );
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'armature-check-packages-'));
  try {
    for (const candidate of candidates) {
      const { dir, pkg } = candidate;
      const problems = metadataProblems(candidate, versions);
      const pack = run('npm', ['pack', '--json', '--pack-destination', scratch], path.join(ROOT, dir));
      if (pack.status !== 0) {
        problems.push(`npm pack failed:\n${pack.stderr}`);
      } else {
        const [packed] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('[')));
        const tarball = path.join(scratch, packed.filename);
        const files = packed.files.map((file) => file.path);
        for (const file of ['README.md', 'LICENSE']) if (!files.includes(file)) problems.push(`${file} is not in the tarball`);
        const bytes = fs.readFileSync(tarball);
        const lint = await publint({
          pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) },
          strict: true,
          level: 'suggestion',
        });
        for (const message of lint.messages)
          problems.push(`publint ${message.type}: ${formatMessage(message, lint.pkg, { color: false })}`);
        const attw = run(
          process.execPath,
          [ATTW, tarball, '--profile', 'node16', '--no-definitely-typed', '--format', 'table-flipped', '--no-color', '--no-emoji'],
          ROOT,
        );
        if (attw.status !== 0) problems.push(`attw (profile node16):\n${attw.stdout}${attw.stderr}`);
        candidate.size = `${files.length} files, ${(packed.size / 1024).toFixed(0)} kB packed`;
      }
      if (problems.length === 0) {
        console.log(`check-packages: ${pkg.name} ok (${candidate.size}; publint clean; attw node16 clean)`);
      } else {
        failures++;
        console.log(`check-packages: ${pkg.name} (${dir}):\n  - ${problems.join('\n  - ')}`);
      }
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  if (candidates.length === 0) {
    console.log(`check-packages: no public package matches ${wanted.join(' ')}`);
    failures++;
  }
  if (failures > 0) {
    console.log(`check-packages: FAIL (${failures})`);
    process.exitCode = 1;
  } else {
    console.log(`check-packages: PASS (${candidates.length} public packages)`);
  }
}

main().catch((error) => {
  console.error(`check-packages: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
});
