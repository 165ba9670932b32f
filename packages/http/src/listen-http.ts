import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stderrLogger, WireErrorCode } from '@armature/core';
import { allowedHostsForBind, type ConnectableApp, Deadline, runWindowMs, servedEnvelopeVersions } from '@armature/core/internal';
import { createHttpHandler, type HttpHandler } from './create-http-handler';
import type { ListenHttpOptions } from './options/http-options';
import { errorBody } from './protocol/http-error';
import { SUPPORTED_PROTOCOL_VERSIONS } from './protocol/protocol-version';
import { buildServerCard, ServerCardEndpoint } from './server-card/server-card';
import { readServerCardSource } from './server-card/server-card-source';

/** A running Streamable HTTP server. */
export interface HttpListenHandle {
  /** The MCP endpoint, e.g. `http://127.0.0.1:3000/mcp`. */
  readonly url: string;
  /** The underlying `node:http` server. */
  readonly server: Server;
  readonly handler: HttpHandler;
  /**
   * Lets in-flight requests finish (default window 10 s; see `runWindowMs`) while answering
   * new requests 503 + Retry-After, ends every session (what still runs is answered -32000),
   * waits for every response to be written out within what is left of the window, then stops
   * listening and closes the connections. Responses whose client stopped reading are cut when
   * the window ends, counted and logged.
   */
  close(drainMs?: number): Promise<void>;
}

/** Default drain window of `close()`, as the app's. */
const DEFAULT_DRAIN_MS = 10_000;
/** How often `close()` looks whether every response has been written out. */
const WRITTEN_POLL_MS = 10;
/**
 * While closing, the port stays open until no connection or request has arrived for this
 * long: a request a client sent just before the shutdown began (still in the accept queue or
 * on the wire) gets its 503 instead of a reset.
 */
const QUIET_MS = 100;

/** The request-scoped versions of an app without a request kernel (it serves 2025 sessions only). */
const NO_VERSIONS: readonly string[] = Object.freeze([]);
const noVersions = (): readonly string[] => NO_VERSIONS;

const NOT_FOUND = errorBody(WireErrorCode.InvalidRequest, 'Not Found: the MCP endpoint is elsewhere');

/** 10 s to send the request headers (node:http's own default is 60 s). */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
/** 30 s to send a whole request, body included (node:http's own default is 300 s). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

function checkTimeouts(headersTimeout: number, requestTimeout: number): void {
  for (const [name, value] of [
    ['headersTimeout', headersTimeout],
    ['requestTimeout', requestTimeout],
  ] as const) {
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`@armature/http: ${name} must be zero or more, got ${value}`);
  }
  if (headersTimeout === 0) throw new RangeError('@armature/http: headersTimeout must be positive');
  if (requestTimeout > 0 && headersTimeout > requestTimeout)
    throw new RangeError(`@armature/http: headersTimeout (${headersTimeout}) must not exceed requestTimeout (${requestTimeout})`);
}

/**
 * node:http enforces both timeouts by sweeping its connections every
 * `connectionsCheckingInterval` (30 s by default, which would let a trickle outlive a 30 s
 * limit by as much again): sweep at a quarter of the shorter limit, between 10 ms and 1 s.
 */
function checkingInterval(headersTimeout: number, requestTimeout: number): number {
  const shortest = requestTimeout > 0 ? Math.min(headersTimeout, requestTimeout) : headersTimeout;
  return Math.max(10, Math.min(1000, Math.floor(shortest / 4)));
}

/**
 * Serves `app` over Streamable HTTP on a plain `node:http` server, bound to 127.0.0.1 by
 * default (MCP 2025-11-25, transports §Security Warning). `app.listen('--http')` calls this.
 */
export async function listenHttp(app: ConnectableApp, options: ListenHttpOptions = {}): Promise<HttpListenHandle> {
  const {
    host = '127.0.0.1',
    port = 3000,
    path = '/mcp',
    headersTimeout = DEFAULT_HEADERS_TIMEOUT_MS,
    requestTimeout = DEFAULT_REQUEST_TIMEOUT_MS,
    experimentalServerCard,
    ...handlerOptions
  } = options;
  const cardPath = `${path.endsWith('/') ? path : `${path}/`}server-card`;
  let card: ServerCardEndpoint | undefined;
  checkTimeouts(headersTimeout, requestTimeout);
  // The handler is created once the port is known, so a protected resource can default to this URL.
  let handler: HttpHandler | undefined;
  let closing = false;
  let metadataPaths: readonly string[] = [];
  // Responses not written out yet (a response closes once its last byte was handed to the OS, or its connection went).
  let unwritten = 0;
  const written = (): void => void unwritten--;
  let lastArrival = 0;
  const server = createServer(
    { headersTimeout, requestTimeout, connectionsCheckingInterval: checkingInterval(headersTimeout, requestTimeout) },
    (req, res) => {
      unwritten++;
      res.once('close', written);
      if (closing) lastArrival = Date.now();
      const url = req.url ?? '/';
      const query = url.indexOf('?');
      const requested = query === -1 ? url : url.slice(0, query);
      if (card !== undefined && requested === cardPath) {
        card.serve(req, res);
        return;
      }
      if (handler === undefined || (requested !== path && !metadataPaths.includes(requested))) {
        res.writeHead(404, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(NOT_FOUND) });
        res.end(NOT_FOUND);
        return;
      }
      // While draining, every answer closes its connection, so keep-alive clients reconnect
      // (and get 503) instead of being cut when the server finally closes.
      if (closing) res.setHeader('connection', 'close');
      void handler.node(req, res);
    },
  );
  server.on('connection', () => {
    if (closing) lastArrival = Date.now();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${shownHost}:${address.port}${path}`;
  try {
    handler = createHttpHandler(app, {
      ...handlerOptions,
      allowedHosts: handlerOptions.allowedHosts ?? allowedHostsForBind(host),
      protectedResource:
        handlerOptions.protectedResource === undefined
          ? undefined
          : { ...handlerOptions.protectedResource, resource: handlerOptions.protectedResource.resource ?? url },
    });
    if (experimentalServerCard !== undefined && experimentalServerCard !== false) {
      const cardOptions = experimentalServerCard === true ? {} : experimentalServerCard;
      const source = readServerCardSource(cardOptions.serverJson);
      // What this endpoint speaks: the request-scoped versions (2026-07-28 and any added revision's) when
      // the app has the request kernel, then the 2025 revisions. Built again when a revision is added or removed.
      const sessionVersions = handlerOptions.protocolVersions ?? SUPPORTED_PROTOCOL_VERSIONS;
      card = new ServerCardEndpoint(app.requestKernel ? servedEnvelopeVersions : noVersions, (envelopeVersions) =>
        buildServerCard(source, cardOptions.url ?? url, [...envelopeVersions, ...sessionVersions], cardOptions.listPrimitives !== false),
      );
    }
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw error;
  }
  metadataPaths = handler.metadataPaths;
  const live = handler;
  let closed: Promise<void> | undefined;
  return {
    url,
    server,
    handler: live,
    close(drainMs?: number) {
      closed ??= (async () => {
        // The port stays open while in-flight work drains, so requests arriving meanwhile get
        // 503 + Retry-After (new work) or 202 (notifications, responses) rather than a refused
        // or reset connection. Idle keep-alive connections are left open (closing
        // one races with a client reusing it, which sees a reset); each answer now closes its
        // connection, and what is left is closed at the end.
        closing = true;
        lastArrival = Date.now();
        const window = drainMs ?? DEFAULT_DRAIN_MS;
        const end = new Deadline(window);
        await live.close(runWindowMs(window));
        // Every answer, the -32000 of what did not finish included, goes out before the connections close.
        await end.race(
          until(() => unwritten === 0 && Date.now() - lastArrival >= QUIET_MS),
          undefined,
        );
        if (unwritten > 0) {
          stderrLogger.warn(`http: cut ${unwritten} response(s) whose client stopped reading when the drain window (${window} ms) ended`);
        }
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await stopped;
      })();
      return closed;
    },
  };
}

/** Resolves once `done()` holds (polled; the caller bounds the wait). */
function until(done: () => boolean): Promise<void> {
  return new Promise<void>((resolve) => {
    const check = (): void => {
      if (done()) resolve();
      else setTimeout(check, WRITTEN_POLL_MS).unref();
    };
    check();
  });
}
