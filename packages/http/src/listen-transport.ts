import type { ListenTransport } from '@armature/core/listen';

/**
 * `--http [host:]port` for `app.listen()`: Streamable HTTP through `listenHttp` with its
 * defaults (127.0.0.1, `/mcp`). The server code loads on first use, so registering it costs a
 * stdio server nothing.
 */
export const httpListenTransport: ListenTransport = {
  flag: 'http',
  listen: (app, address) => {
    const { listenHttp } = require('./listen-http') as typeof import('./listen-http');
    return listenHttp(app, address);
  },
};
