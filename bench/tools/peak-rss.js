'use strict';
// `node bench/tools/peak-rss.js <out-file> <script> [args...]`: runs <script> in this process
// as its entry point and, when the process exits, writes to <out-file> one JSON line: the
// process's peak resident set size (KiB, `process.resourceUsage().maxRSS`) and the CPU time it
// used (user + system, ms; unlike wall time, barely moved by other work on the machine). The
// build scenario runs `armature build` under it: the very process that builds, no `time` binary.
const fs = require('node:fs');
const path = require('node:path');

const [out, script, ...args] = process.argv.slice(2);
if (!out || !script) {
  process.stderr.write('usage: node peak-rss.js <out-file> <script> [args...]\n');
  process.exit(2);
}
process.argv = [process.argv[0], path.resolve(script), ...args];
process.on('exit', () => {
  const usage = process.resourceUsage();
  fs.writeFileSync(out, JSON.stringify({ maxRssKb: usage.maxRSS, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000 }));
});
require(path.resolve(script));
