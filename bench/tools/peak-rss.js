'use strict';
// `node bench/tools/peak-rss.js <out-file> <script> [args...]`: runs <script> in this process
// as its entry point and, when the process exits, writes the process's peak resident set size
// (KiB, `process.resourceUsage().maxRSS`) to <out-file>. The build scenario runs
// `armature build` under it: the peak of the very process that builds, with no `time` binary.
const fs = require('node:fs');
const path = require('node:path');

const [out, script, ...args] = process.argv.slice(2);
if (!out || !script) {
  process.stderr.write('usage: node peak-rss.js <out-file> <script> [args...]\n');
  process.exit(2);
}
process.argv = [process.argv[0], path.resolve(script), ...args];
process.on('exit', () => fs.writeFileSync(out, String(process.resourceUsage().maxRSS)));
require(path.resolve(script));
