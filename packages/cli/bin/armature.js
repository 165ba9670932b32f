#!/usr/bin/env node
'use strict';
// The `armature` command. A committed shim rather than the compiled file itself, so that npm
// can link and mark it executable at install time, before `tsc` has produced dist/.
require('../dist/src/bin/armature.js');
