'use strict';
// Armature's Streamable HTTP handler mounted the way docs/transports.md "Mounting" shows:
// `createHttpHandler(app, { stateless })` with default options, on `http.createServer()` with
// node's own defaults (no timeouts set, no `listenHttp`). The bench's `listenHttp` rows and
// these show what the mount itself costs.
const http = require('node:http');
const { listenLocal } = require('./listen-local');

/** Serves `app` at /mcp on 127.0.0.1 (OS-chosen port); resolves `{ url, close }`. */
async function listenMountedArmature(app, { stateless }) {
  const { createHttpHandler } = require('@armature/http');
  const mcp = createHttpHandler(app, { stateless });
  const server = http.createServer((req, res) => {
    if (req.url === '/mcp') void mcp.node(req, res);
    else res.writeHead(404).end();
  });
  return listenLocal(server, { beforeClose: () => mcp.close(1000), afterClose: () => app.close() });
}

module.exports = { listenMountedArmature };
