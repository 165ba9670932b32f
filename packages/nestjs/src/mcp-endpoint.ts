import type { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { Armature, type AuthInfo } from '@armature/core';
import { createHttpHandler, type HttpHandler } from '@armature/http';
import { armatureFastify } from '@armature/http/fastify';
import type { ArmatureModuleOptions } from './armature-module.options';
import { ARMATURE_MODULE_OPTIONS } from './tokens';

/** A request as express's JSON parser leaves it: `body` parsed, the stream read to its end. */
type ParsedRequest = IncomingMessage & { body?: unknown; auth?: AuthInfo };

/** The smallest view of the two platforms' server instances this needs. */
interface ExpressLike {
  all(path: string, handler: (req: IncomingMessage, res: ServerResponse) => void): unknown;
}
interface FastifyLike {
  register(plugin: typeof armatureFastify, options: Parameters<typeof armatureFastify>[1]): PromiseLike<unknown>;
}

/**
 * Mounts the MCP endpoint on Nest's HTTP server when the module initializes (after Nest's body
 * parsers, before its not-found handler), and drains and closes Armature when Nest shuts down.
 */
@Injectable()
export class McpEndpoint implements OnModuleInit, OnModuleDestroy {
  private handler: HttpHandler | undefined;

  constructor(
    private readonly app: Armature,
    @Inject(ARMATURE_MODULE_OPTIONS) private readonly options: ArmatureModuleOptions,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  async onModuleInit(): Promise<void> {
    const adapter = this.adapterHost.httpAdapter;
    // A Nest application context (no HTTP server) serves no endpoint; the app still exists.
    if (adapter === undefined || adapter === null) return;
    const path = this.options.path ?? '/mcp';
    const authInfo = this.options.authInfo;
    if (adapter.getType() === 'fastify') {
      // Nest's fastify instance takes the plugin itself: encapsulated body parsing, preClose drain.
      const instance = adapter.getInstance<FastifyLike>();
      await instance.register(armatureFastify, {
        app: this.app,
        path,
        ...this.options.http,
        ...(this.options.drainMs === undefined ? {} : { drainMs: this.options.drainMs }),
        ...(authInfo === undefined ? {} : { authInfo: (request) => authInfo(request.raw) }),
        onHandler: (handler) => (this.handler = handler),
      });
      return;
    }
    const handler = createHttpHandler(this.app, this.options.http);
    this.handler = handler;
    adapter.getInstance<ExpressLike>().all(path, (req: ParsedRequest, res) => {
      if (authInfo !== undefined) req.auth = authInfo(req);
      // Nest's JSON parser runs first on express: when it consumed the body, hand over what it
      // parsed (its size limit applies; nothing parsed is null, refused as not an object).
      void handler.node(req, res, req.readableEnded ? (req.body ?? null) : undefined);
    });
  }

  /** Nest's first shutdown hook: in-flight MCP requests drain, sessions end, then the Armature app closes. */
  async onModuleDestroy(): Promise<void> {
    await this.handler?.close(this.options.drainMs);
    await this.app.close();
  }
}
