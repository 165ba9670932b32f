'use strict';
// Child process entry: `node stdio-main.js <armature|sdk|floor> [extraTools]` serves over
// this process's stdin/stdout until stdin ends. SIGUSR2 reports CPU time on stderr.
const { installProbe } = require('../lib/probe');
const { serveStreams } = require('./registry');

async function main() {
  installProbe();
  const [name, extra = '0'] = process.argv.slice(2);
  const close = await serveStreams(name, process.stdin, process.stdout, extra);
  process.stdin.once('end', () => {
    void close().finally(() => process.exit(0));
  });
}

main().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : String(error)}\n`);
  process.exit(1);
});
