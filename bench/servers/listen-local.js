'use strict';
// One way every benchmarked HTTP server listens and stops, so the rows differ only in the handler.

/**
 * Listens with `server` on 127.0.0.1 (OS-chosen port); resolves `{ url, close }` where `close`
 * runs `beforeClose` (the handler's own shutdown), closes the server and its connections, then
 * runs `afterClose`.
 */
async function listenLocal(server, { beforeClose = async () => {}, afterClose = async () => {} } = {}) {
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${server.address().port}/mcp`,
    close: async () => {
      await beforeClose();
      await new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await afterClose();
    },
  };
}

module.exports = { listenLocal };
