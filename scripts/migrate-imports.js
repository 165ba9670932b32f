#!/usr/bin/env node
'use strict';
// Rewrites imports after issue 18's surface split, for branches written against the old layout:
//   1. `import { … } from '@armature/core'` is split by which subpath now exports each name
//      (read from test/repo/export-snapshots/armature__core.json; the root wins, then tasks,
//      mcp-apps, wire/2025-11-25, internal, build);
//   2. relative imports of core's `protocol/mcp-types(-2026).generated` point at `wire/`.
// Files inside core's src/protocol/ that imported './mcp-types.generated' need '../wire/…' by
// hand (the compiler names them). Usage: node scripts/migrate-imports.js <file.ts|file.md> …
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SURFACE = JSON.parse(fs.readFileSync(path.join(ROOT, 'test', 'repo', 'export-snapshots', 'armature__core.json'), 'utf8'));
const ORDER = ['.', './tasks', './ports', './observability', './mcp-apps', './wire/2025-11-25', './internal', './build'];
const CORE_IMPORT = /(^|\n)([ \t]*)(import|export)(\s+type)?\s*\{([^}]*)\}\s*from\s*'@armature\/core';/g;
const GENERATED = /(['"])((?:\.{1,2}\/)+(?:[\w.-]+\/)*?)protocol\/(mcp-types(?:-2026)?\.generated)(['"])/g;

function subpathOf(name) {
  return ORDER.find((subpath) => (SURFACE[subpath] || []).includes(name));
}

function splitCoreImport(match, before, indent, keyword, typeOnly = '', body) {
  const groups = new Map();
  for (const item of body
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const name = item
      .replace(/^type\s+/, '')
      .split(/\s+as\s+/)[0]
      .trim();
    const subpath = subpathOf(name) || '.';
    groups.set(subpath, [...(groups.get(subpath) || []), item]);
  }
  if (groups.size === 1 && groups.has('.')) return match;
  const lines = ORDER.filter((subpath) => groups.has(subpath)).map((subpath) => {
    const specifier = subpath === '.' ? '@armature/core' : `@armature/core/${subpath.slice(2)}`;
    return `${indent}${keyword}${typeOnly} { ${groups.get(subpath).join(', ')} } from '${specifier}';`;
  });
  return before + lines.join('\n');
}

for (const file of process.argv.slice(2)) {
  const text = fs.readFileSync(file, 'utf8');
  const next = text.replace(CORE_IMPORT, splitCoreImport).replace(GENERATED, (m, q1, up, name, q2) => `${q1}${up}wire/${name}${q2}`);
  if (next !== text) {
    fs.writeFileSync(file, next);
    console.log(`rewrote ${file}`);
  }
}
