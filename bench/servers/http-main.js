'use strict';
// Child process entry: `node http-main.js <armature|sdk|floor> <stateful|stateless|2026> [extraTools]`
// serves Streamable HTTP on 127.0.0.1 (OS-chosen port; `2026`: MCP 2026-07-28 without sessions,
// the SDK then being the SDK v2), prints `{"url": …}` on stdout when ready, and closes on SIGTERM or when stdin ends. SIGUSR2 reports CPU time and heap on stderr.
const { serveUntilStopped, runMain } = require('../lib/serve-until-stopped');
const { installProbe } = require('../lib/probe');
const { serverNamed } = require('./registry');

async function main() {
  installProbe();
  const [name, mode, extra = '0'] = process.argv.slice(2);
  if (mode !== 'stateful' && mode !== 'stateless' && mode !== '2026') throw new Error('mode must be stateful, stateless or 2026');
  const server = serverNamed(name);
  const extraTools = extra; // a tool set: a count, or count-shared (generate/tool-set.js)
  const handle =
    mode === '2026' ? await server.onHttp2026({ extraTools }) : await server.onHttp({ stateless: mode === 'stateless', extraTools });
  serveUntilStopped(handle.url, () => handle.close());
}

runMain(main);
