#!/usr/bin/env node
'use strict';
// Writes docs/errors.md from the error registries (see scripts/lib/errors-page.js).
// test/repo/errors-page.spec.ts fails when the committed page differs from this output.
const fs = require('node:fs');
const { PAGE, renderErrorsPage } = require('./lib/errors-page');

fs.writeFileSync(PAGE, renderErrorsPage());
console.log(`wrote ${PAGE}`);
