import type { ServerLogger } from '../protocol/server-logger';
import { StdioServerTransport } from '../transport/stdio.transport';
import type { ConnectableApp } from '../transport/transport';
import { parseListenArgs } from './listen-args';
import { loadTransportServer } from './optional-transport';

/** A running listener started by `app.listen()`. */
export interface ListenHandle {
  readonly transport: 'stdio' | 'http' | 'ws';
  /** The endpoint for HTTP and WebSocket; undefined for stdio. */
  readonly url: string | undefined;
  close(): Promise<void>;
}

/** Longest wait for in-flight requests after stdin ends, before closing anyway. */
const STDIO_DRAIN_MS = 10_000;

/** Starts the listener `argv` asks for. `closeApp` runs when a stdio client closes stdin. */
export async function listenOn(
  app: ConnectableApp,
  argv: readonly string[],
  logger: ServerLogger,
  closeApp: () => Promise<void>,
): Promise<ListenHandle> {
  const target = parseListenArgs(argv);
  if (target.transport === 'stdio') {
    const transport = new StdioServerTransport({ logger });
    const session = await app.connect(transport);
    transport.oninputend = () => {
      const draining = 'drain' in session && typeof session.drain === 'function' ? (session.drain as (ms: number) => Promise<boolean>)(STDIO_DRAIN_MS) : Promise.resolve(true);
      void draining.then(closeApp).catch((error: unknown) => logger.error('closing after stdin ended failed', error));
    };
    return { transport: 'stdio', url: undefined, close: () => session.close() };
  }
  const listen =
    target.transport === 'http'
      ? loadTransportServer('@armature/http', 'listenHttp', '--http')
      : loadTransportServer('@armature/ws', 'listenWs', '--ws');
  const server = await listen(app, { ...(target.host === undefined ? {} : { host: target.host }), port: target.port });
  process.stderr.write(`[armature] listening on ${server.url}\n`);
  return { transport: target.transport, url: server.url, close: () => server.close() };
}
