'use strict';
// Child side of the measurement probe. A benchmark server process calls `installProbe()`;
// on SIGUSR2 it writes one line to stderr with its own CPU time (process.cpuUsage, µs) and
// memory. stderr works for every child, including those the SDK's StdioClientTransport
// spawns (no IPC channel there), and never touches stdout, which carries stdio JSON-RPC.
const fs = require('node:fs');

const PROBE_PREFIX = '@@bench-probe ';

function snapshot() {
  // With --expose-gc (the session-heap scenario, the soak) collect first, so heapUsed is live data only.
  if (typeof global.gc === 'function') {
    global.gc();
    global.gc();
  }
  const cpu = process.cpuUsage();
  const mem = process.memoryUsage();
  return {
    cpuUs: cpu.user + cpu.system,
    heapUsed: mem.heapUsed,
    rss: mem.rss,
    maxRssKb: process.resourceUsage().maxRSS,
  };
}

function installProbe() {
  process.on('SIGUSR2', () => {
    fs.writeSync(2, `\n${PROBE_PREFIX}${JSON.stringify(snapshot())}\n`);
  });
}

module.exports = { installProbe, snapshot, PROBE_PREFIX };
