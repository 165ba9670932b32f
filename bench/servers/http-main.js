'use strict';
// Child process entry: `node http-main.js <armature|sdk|floor> <stateful|stateless> [extraTools]`
// serves Streamable HTTP on 127.0.0.1 (OS-chosen port), prints `{"url": …}` on stdout when
// ready, and closes on SIGTERM or when stdin ends. SIGUSR2 reports CPU time and heap on stderr.
const { installProbe } = require('../lib/probe');
const { serverNamed } = require('./registry');

async function main() {
  installProbe();
  const [name, mode, extra = '0'] = process.argv.slice(2);
  if (mode !== 'stateful' && mode !== 'stateless') throw new Error('mode must be stateful or stateless');
  const handle = await serverNamed(name).onHttp({ stateless: mode === 'stateless', extraTools: Number(extra) });
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    void handle.close().finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.stdin.once('end', stop);
  process.stdin.resume();
  process.stdout.write(`${JSON.stringify({ url: handle.url })}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : String(error)}\n`);
  process.exit(1);
});
