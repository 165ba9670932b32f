#!/usr/bin/env node
'use strict';
// Placeholder until the kernel lands: `npm start` will run examples/notes.
process.stdout.write('Armature: the build succeeded. No example server exists yet; see README.md.\n');
