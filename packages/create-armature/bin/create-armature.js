#!/usr/bin/env node
'use strict';
// The `create-armature` command (what `npm create armature` runs). A committed shim rather than
// the compiled file itself, so that npm can link and mark it executable at install time.
require('../dist/src/bin/create-armature.js');
