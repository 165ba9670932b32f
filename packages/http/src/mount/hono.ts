// `@armature/http/hono`: the Streamable HTTP endpoint on Hono's fetch interface. Only Hono's
// types are imported, so this file loads nothing of Hono's at run time (hono is an optional
// peer dependency). The same handler serves Hono on Node (`@hono/node-server`), Bun, Deno and workers.
import type { Context, Handler } from 'hono';
import type { AuthInfo } from '@armature/core';
import type { ConnectableApp } from '@armature/core/internal';
import { createHttpHandler, type HttpHandler } from '../create-http-handler';
import type { HttpHandlerOptions } from '../options/http-options';

/** Options of {@link armatureHono}: the handler options, plus where a principal comes from. */
export interface ArmatureHonoOptions extends HttpHandlerOptions {
  /**
   * Who the caller is, when a Hono middleware (say, `hono/jwt`) authenticated the request;
   * reaches handlers as `ctx.authInfo`. Not needed with `verifyToken`.
   */
  readonly authInfo?: (c: Context) => AuthInfo | undefined;
}

/** An Armature endpoint ready for Hono routes. */
export interface ArmatureHono {
  /** The route handler: mount it for all methods, `web.all('/mcp', mcp.handler)`. */
  readonly handler: Handler;
  /** The underlying handler: `sessionCount`, `metadataPaths` (mount `handler` there too with `protectedResource`). */
  readonly http: HttpHandler;
  /** Drains in-flight requests (up to `drainMs`, default 10 s), then ends every session. Call it before your server stops. */
  close(drainMs?: number): Promise<void>;
}

/**
 * Serves an Armature app from Hono routes through the handler's `fetch` entry point:
 *
 * ```ts
 * const mcp = armatureHono(app);
 * web.all('/mcp', mcp.handler);
 * ```
 *
 * The handler reads the raw request (`c.req.raw`), so no body-parsing middleware may consume
 * it first; answers stream (SSE) through the `Response` body.
 */
export function armatureHono(app: ConnectableApp, options: ArmatureHonoOptions = {}): ArmatureHono {
  const { authInfo, ...handlerOptions } = options;
  const http = createHttpHandler(app, handlerOptions);
  const handler: Handler = (c) => http.fetch(c.req.raw, authInfo === undefined ? undefined : { authInfo: authInfo(c) });
  return { handler, http, close: (drainMs) => http.close(drainMs) };
}
