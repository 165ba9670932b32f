import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@armature/core';
import type { ConnectableApp } from '@armature/core/internal';
import { FetchExchange } from './exchange/fetch.exchange';
import { NodeExchange } from './exchange/node.exchange';
import type { HttpHandlerOptions } from './options/http-options';
import { resolveOptions } from './options/resolved-options';
import { StreamableHttpEngine } from './handler/streamable-http.engine';

/** What `node` returns for a request it took over without waiting for anything. */
const SETTLED: Promise<void> = Promise.resolve();

/** Per-request extras for the fetch handler. */
export interface FetchHandlerInit {
  /** Who your authentication layer says the caller is; reaches handlers as `ctx.authInfo`. */
  readonly authInfo?: AuthInfo;
  /** The client's IP address, if your runtime tells you (Deno's `info.remoteAddr`, Bun's `server.requestIP`): `ctx.requestInfo.remoteAddress`. */
  readonly remoteAddress?: string;
}

/**
 * A mountable Streamable HTTP endpoint. Both entry points share sessions and every rule;
 * mount whichever your framework speaks at the MCP path (all methods: POST, GET, DELETE).
 */
export interface HttpHandler {
  /**
   * `node:http`-style handler (plain node, express, fastify's `reply.raw`, Nest). Reads the body
   * itself; when a body parser already ran, pass its result as `parsedBody`. An `auth` property
   * on `req` (the official SDK's convention) becomes the request's `authInfo`. Never rejects;
   * it may resolve before the answer is written (a POST's answer follows once its body is read).
   */
  readonly node: (req: IncomingMessage, res: ServerResponse, parsedBody?: unknown) => Promise<void>;
  /** Web-standard handler (Hono, Bun, Deno, workers): `Request` in, `Response` out. */
  readonly fetch: (request: Request, init?: FetchHandlerInit) => Promise<Response>;
  /** Live stateful sessions. */
  readonly sessionCount: number;
  /**
   * Paths where `node`/`fetch` answer with the RFC 9728 protected-resource metadata (with
   * `protectedResource`): mount the handler there too, e.g. `web.get([...mcp.metadataPaths], …)`.
   */
  readonly metadataPaths: readonly string[];
  /**
   * Refuses new sessions, waits up to `drainMs` (default 10 s) for in-flight requests, then ends
   * every session; requests still open get an error answer.
   */
  close(drainMs?: number): Promise<void>;
}

/**
 * Creates a Streamable HTTP handler for `app` (MCP 2025-11-25). Stateful by default, with
 * resumable SSE streams and DNS-rebinding protection for a local server.
 *
 * ```ts
 * const mcp = createHttpHandler(app);
 * expressApp.all('/mcp', (req, res) => mcp.node(req, res));
 * ```
 */
export function createHttpHandler(app: ConnectableApp, options: HttpHandlerOptions = {}): HttpHandler {
  const engine = new StreamableHttpEngine(app, resolveOptions(options));
  return {
    node: (req, res, parsedBody) => {
      const exchange = new NodeExchange(req, res, parsedBody === undefined ? undefined : { parsed: parsedBody });
      return engine.handle(exchange, exchange) ?? SETTLED;
    },
    fetch: (request, init) => {
      const exchange = new FetchExchange(request, init?.authInfo, init?.remoteAddress);
      void engine.handle(exchange, exchange);
      return exchange.response;
    },
    get sessionCount() {
      return engine.sessions.size;
    },
    metadataPaths: engine.options.auth?.metadataJson === undefined ? [] : engine.options.auth.metadataPaths,
    close: (drainMs) => engine.close(drainMs),
  };
}
