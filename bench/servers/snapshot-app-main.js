'use strict';
// Child process entry for a snapshot that holds the created bench app (tools/snapshot-build.js
// --app): listens as http-main.js does (`2026`), with the app taken from the snapshot.
const { performance } = require('node:perf_hooks');
const { listenHttp } = require('@armature/http');

async function main() {
  const app = globalThis.__armatureSnapshotApp;
  if (app === undefined) throw new Error('start with --snapshot-blob <a blob built with --app>');
  const handle = await listenHttp(app, { host: '127.0.0.1', port: 0 });
  const stop = () =>
    void handle
      .close(1000)
      .then(() => app.close())
      .finally(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.stdin.once('end', stop);
  process.stdin.resume();
  process.stdout.write(`${JSON.stringify({ url: handle.url, readyMs: performance.now() })}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : String(error)}\n`);
  process.exit(1);
});
