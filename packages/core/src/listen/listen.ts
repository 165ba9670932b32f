import type { ServerLogger } from '../logging/server-logger';
import type { DrainableSession } from '../shutdown/graceful-shutdown';
import { Deadline, runWindowMs } from '../shutdown/drain-window';
import { StdioServerTransport } from '../transport/stdio.transport';
import type { ConnectableApp, ConnectedSession } from '../session/connectable-app';
import { ArmatureError } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';
import { parseListenArgs } from './listen-args';
import { registeredListenTransports, type ListenTransport } from './listen-transport';

/** A running listener started by `app.listen()`. */
export interface ListenHandle {
  /** `stdio`, or the flag of the transport serving (`http`, `ws`, a custom transport's). */
  readonly transport: string;
  /** The endpoint for HTTP and WebSocket; undefined for stdio. */
  readonly url: string | undefined;
  /**
   * Stops accepting, lets requests in flight finish for up to `drainMs` (default: the app's
   * `drainMs`), then closes its sessions; what is still running is answered with an error.
   */
  close(drainMs?: number): Promise<void>;
  /** Removes the SIGTERM/SIGINT handlers `listen()` installed (they go on their own at `app.close()`). */
  removeSignalHandlers(): void;
}

/** What `listenOn` needs of the app besides `connect`. */
export interface ListenContext {
  readonly logger: ServerLogger;
  /** The app's default drain window. */
  readonly drainMs: number;
  /** Closes the whole app, draining first (when a stdio client closes stdin). */
  readonly closeApp: () => Promise<void>;
  readonly removeSignalHandlers: () => void;
  /** The transports `--<flag>` may start; undefined: the registered ones (`registerListenTransport`). */
  readonly transports?: readonly ListenTransport[] | undefined;
}

/** The package that registers each well-known flag: only for the message when it is missing. */
const PROVIDERS: Readonly<Record<string, string>> = { http: '@armature/http', ws: '@armature/ws' };

function missingTransport(flag: string): ArmatureError {
  const pkg = PROVIDERS[flag];
  const how =
    pkg === undefined
      ? `register the transport that serves it (registerListenTransport from @armature/core/listen)`
      : `import '${pkg}/register' in the app's entry file (npm install ${pkg})`;
  return new ArmatureError(
    LocalErrorCode.TRANSPORT_MISSING,
    `--${flag} has no transport: ${how}, or pass it to app.listen(argv, { transports: [...] }).`,
  );
}

let stdoutGuarded = false;

/**
 * Keeps one 'error' listener on process.stdout for the life of the process: a reply written
 * just before the transport closed can still fail (EPIPE when the client stopped reading),
 * and an 'error' event without a listener would crash the server.
 */
function guardStdout(logger: ServerLogger): void {
  if (stdoutGuarded) return;
  stdoutGuarded = true;
  process.stdout.on('error', (error: Error) => logger.debug('stdout error (the client stopped reading)', error));
}

function isDrainable(session: ConnectedSession): session is ConnectedSession & DrainableSession {
  return typeof (session as Partial<DrainableSession>).drain === 'function';
}

/** Drains then closes one session. */
export async function drainAndClose(session: ConnectedSession, drainMs: number): Promise<void> {
  if (drainMs > 0 && isDrainable(session)) await session.drain(drainMs);
  await session.close();
}

/**
 * Closes the stdio session within `drainMs`: requests run for the first part of the window,
 * then what was answered is written out in the rest. A client that stopped reading does not
 * hold the process: when the window ends, what it did not read is counted, logged and left.
 */
async function closeStdio(
  session: ConnectedSession,
  transport: StdioServerTransport,
  drainMs: number,
  logger: ServerLogger,
): Promise<void> {
  const end = new Deadline(drainMs);
  await drainAndClose(session, runWindowMs(drainMs));
  if (await transport.whenWritten(end.left())) return;
  logger.warn(
    `stdio: the client stopped reading; ${transport.unwritten} characters of output were not written when the drain window (${drainMs} ms) ended`,
  );
}

/** Starts the listener `argv` asks for. */
export async function listenOn(app: ConnectableApp, argv: readonly string[], context: ListenContext): Promise<ListenHandle> {
  const transports = context.transports ?? registeredListenTransports();
  const target = parseListenArgs(
    argv,
    transports.map((t) => t.flag),
  );
  const { logger, drainMs, closeApp, removeSignalHandlers } = context;
  if (target.transport === 'stdio') {
    guardStdout(logger);
    const transport = new StdioServerTransport({ logger });
    const session = await app.connect(transport);
    transport.oninputend = () => {
      // stdin ended: the client will send nothing more. Closing the app drains what is in
      // flight (within drainMs, answering the rest with an error), then ends everything.
      closeApp().catch((error: unknown) => logger.error('closing after stdin ended failed', error));
    };
    return {
      transport: 'stdio',
      url: undefined,
      close: (ms = drainMs) => closeStdio(session, transport, ms, logger),
      removeSignalHandlers,
    };
  }
  // Of two transports given for one flag, the later one serves (as registering again does).
  const transport = [...transports].reverse().find((t) => t.flag === target.flag);
  if (transport === undefined) throw missingTransport(target.flag);
  const server = await transport.listen(app, { ...(target.host === undefined ? {} : { host: target.host }), port: target.port });
  process.stderr.write(`[armature] listening on ${server.url}\n`);
  return { transport: target.flag, url: server.url, close: (ms = drainMs) => server.close(ms), removeSignalHandlers };
}
