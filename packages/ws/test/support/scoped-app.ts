import 'reflect-metadata';
import { Injectable, Module } from '@armature/di';
import { Armature, RequestContext, RequireScopes, Tool } from '@armature/core';

/** A request-scoped provider that reads the principal from the injected RequestContext. */
@Injectable({ scope: 'request' })
export class CurrentCaller {
  constructor(private readonly ctx: RequestContext) {}

  get id(): string {
    return this.ctx.authInfo?.clientId ?? 'anonymous';
  }
}

/** Tools behind scopes: `whoami` needs `notes:read`, `remove` also `notes:write`. */
@Injectable({ scope: 'request' })
@RequireScopes('notes:read')
export class ScopedHandlers {
  constructor(private readonly caller: CurrentCaller) {}

  @Tool()
  whoami(ctx: RequestContext): string {
    return `handler: ${ctx.authInfo?.clientId ?? 'anonymous'}; provider: ${this.caller.id}`;
  }

  @Tool({ scopes: ['notes:write'], inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } })
  remove(args: { id: string }): string {
    return `removed ${args.id}`;
  }
}

@Module({ providers: [CurrentCaller], handlers: [ScopedHandlers] })
class ScopedModule {}

/** An Armature app serving the scoped tools; close it with `app.close()`. */
export function createScopedApp(): Promise<Armature> {
  return Armature.create(ScopedModule, {
    name: 'ws-scoped',
    version: '1.0.0',
    manifest: { armature: 1, handlers: {} },
    logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
  });
}
