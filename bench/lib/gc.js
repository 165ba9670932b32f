'use strict';
// A full GC between in-process runs, so one server's garbage is not collected on the next
// server's time. Uses V8's gc() without requiring `--expose-gc` on the command line.
const v8 = require('node:v8');
const vm = require('node:vm');

let gc = typeof global.gc === 'function' ? global.gc : null;
if (gc === null) {
  v8.setFlagsFromString('--expose-gc');
  gc = vm.runInNewContext('gc');
}

function collectGarbage() {
  gc();
}

module.exports = { collectGarbage };
