// `@armature/http/fastify`: the Streamable HTTP endpoint as a fastify plugin. Only fastify's
// types are imported, so this file loads nothing of fastify's at run time (fastify is an
// optional peer dependency: users of other servers install nothing).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthInfo } from '@armature/core';
import type { ConnectableApp } from '@armature/core/internal';
import { createHttpHandler, type HttpHandler } from '../create-http-handler';
import type { HttpHandlerOptions } from '../options/http-options';

/** Options of {@link armatureFastify}: the app, where to mount it, and the handler options. */
export interface ArmatureFastifyOptions extends HttpHandlerOptions {
  /** The Armature app to serve. */
  readonly app: ConnectableApp;
  /** The MCP endpoint path inside the plugin's prefix. Default `/mcp`. */
  readonly path?: string;
  /** How long `fastify.close()` lets in-flight MCP requests finish before ending sessions, in ms. Default 10 000. */
  readonly drainMs?: number;
  /**
   * Who the caller is, when a fastify hook (say, your JWT plugin) authenticated the request;
   * reaches handlers as `ctx.authInfo`. Not needed with `verifyToken`.
   */
  readonly authInfo?: (request: FastifyRequest) => AuthInfo | undefined;
  /** Receives the handler once created (for `sessionCount` in a health route, say). */
  readonly onHandler?: (handler: HttpHandler) => void;
}

/** `IncomingMessage` as the handler reads a principal from it (the official SDK's convention). */
type AuthCarrier = { auth?: AuthInfo };

/**
 * Mounts an Armature app in fastify: `await web.register(armatureFastify, { app })`.
 *
 * - The route takes GET, POST, DELETE and OPTIONS at `path` (and the RFC 9728 metadata paths
 *   with `protectedResource`); fastify's `onRequest`/`preHandler` hooks run first.
 * - Body parsing: inside the plugin's own encapsulation context only, a pass-through content
 *   type parser leaves the body unread, so Armature reads it with its limits and answers bad
 *   input with JSON-RPC errors (400/413/415); the rest of your app keeps fastify's parsers.
 * - Lifecycle: `fastify.close()` closes the handler in its `preClose` phase — in-flight requests
 *   drain (up to `drainMs`), then sessions and their SSE streams end — so open streams never
 *   keep fastify's server from closing. Closing the Armature app stays yours (`app.close()`).
 */
export async function armatureFastify(fastify: FastifyInstance, options: ArmatureFastifyOptions): Promise<void> {
  const { app, path = '/mcp', drainMs, authInfo, onHandler, ...handlerOptions } = options;
  const mcp = createHttpHandler(app, handlerOptions);
  onHandler?.(mcp);

  // Scoped to this plugin (it is not wrapped with fastify-plugin): fastify reads no MCP body.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  const serve = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (authInfo !== undefined) (request.raw as AuthCarrier).auth = authInfo(request);
    // The handler writes the raw response itself (SSE included); fastify must not send one.
    reply.hijack();
    await mcp.node(request.raw, reply.raw);
  };
  fastify.route({ method: ['GET', 'POST', 'DELETE', 'OPTIONS'], url: path, handler: serve });
  for (const metadataPath of mcp.metadataPaths) fastify.route({ method: ['GET', 'OPTIONS'], url: metadataPath, handler: serve });

  fastify.addHook('preClose', async () => {
    await mcp.close(drainMs);
  });
}
