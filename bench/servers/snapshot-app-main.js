'use strict';
// Child process entry for a snapshot that holds the created bench app (tools/snapshot-build.js
// --app): listens as http-main.js does (`2026`), with the app taken from the snapshot.
const { serveUntilStopped, runMain } = require('../lib/serve-until-stopped');
const { listenHttp } = require('@armature/http');

async function main() {
  const app = globalThis.__armatureSnapshotApp;
  if (app === undefined) throw new Error('start with --snapshot-blob <a blob built with --app>');
  const handle = await listenHttp(app, { host: '127.0.0.1', port: 0 });
  serveUntilStopped(handle.url, () => handle.close(1000).then(() => app.close()));
}

runMain(main);
