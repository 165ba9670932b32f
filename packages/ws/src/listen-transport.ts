import type { ListenTransport } from '@armature/core/listen';

/**
 * `--ws [host:]port` for `app.listen()`: MCP over WebSocket through `listenWs` with its
 * defaults (127.0.0.1, `/mcp`). The server code (and `ws`) loads on first use, so registering
 * it costs a stdio server nothing.
 */
export const wsListenTransport: ListenTransport = {
  flag: 'ws',
  listen: (app, address) => {
    const { listenWs } = require('./websocket.server') as typeof import('./websocket.server');
    return listenWs(app, address);
  },
};
