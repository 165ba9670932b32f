'use strict';
// The cache rules of the framework bundles' loader (scripts/bundle-loader.js), as source text:
// where a cache lives, how it is named, trusted, read, written and pruned. The runner that
// `armature bundle` writes for a packed app carries the same declarations, taken from here
// (scripts/generate-cache-rules.js), so the rules have one source.
const fs = require('node:fs');
const path = require('node:path');

const LOADER = path.join(__dirname, '..', 'bundle-loader.js');

/** The declarations the runner shares with the loader, in the loader's order. */
const SHARED = ['cacheDir', 'shortHash', 'readCache', 'writeCache', 'OWN_FILE', 'STALE_TEMPORARY_MS', 'pruneCaches'];

/**
 * The top-level declaration `name` of `source` (a function to its closing `}` line, a `const` to
 * its line), with the doc comment right above it.
 */
function declaration(source, name) {
  const lines = source.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`function ${name}(`) || line.startsWith(`const ${name} = `));
  if (start === -1) throw new Error(`scripts/bundle-loader.js declares no ${name}`);
  let end = start;
  if (lines[start].startsWith('function ')) {
    while (end < lines.length && lines[end] !== '}') end++;
    if (end === lines.length) throw new Error(`${name} has no closing line`);
  }
  let first = start;
  if (first > 0 && lines[first - 1].endsWith('*/')) {
    while (first > 0 && !lines[first - 1].startsWith('/**')) first--;
    first--;
  }
  return lines.slice(first, end + 1).join('\n');
}

/** The shared declarations, each with its comment, separated by blank lines. */
function sharedCacheRules() {
  const source = fs.readFileSync(LOADER, 'utf8');
  return SHARED.map((name) => declaration(source, name)).join('\n\n');
}

module.exports = { sharedCacheRules, SHARED };
