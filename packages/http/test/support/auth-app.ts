import 'reflect-metadata';
import { Injectable, Module } from '@armature/di';
import { Armature, InsufficientScopeError, RequestContext, RequireScopes, Tool } from '@armature/core';

/** A request-scoped provider that reads the principal from the injected RequestContext. */
@Injectable({ scope: 'request' })
export class CurrentCaller {
  constructor(private readonly ctx: RequestContext) {}

  describe(): string {
    const auth = this.ctx.authInfo;
    return auth === undefined ? 'anonymous' : `${auth.clientId} [${auth.scopes.join(' ')}]`;
  }
}

/** Notes behind OAuth scopes: reading needs `notes:read`, removing also `notes:write`. */
@Injectable({ scope: 'request' })
@RequireScopes('notes:read')
export class NotesHandlers {
  constructor(private readonly caller: CurrentCaller) {}

  @Tool({ inputSchema: { type: 'object', properties: { query: { type: 'string' } } } })
  search(args: { query?: string }): string {
    return `results for ${args.query ?? 'everything'}`;
  }

  @Tool({ scopes: ['notes:write'], inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } })
  remove(args: { id: string }): string {
    return `removed ${args.id}`;
  }

  /** Who the handler and a request-scoped provider see. */
  @Tool()
  whoami(ctx: RequestContext): string {
    return `handler: ${ctx.authInfo?.clientId ?? 'anonymous'}; provider: ${this.caller.describe()}`;
  }

  /** Streams a log message, then finds it needs a scope the caller lacks (decided by the data). */
  @Tool()
  async audit(ctx: RequestContext): Promise<string> {
    await ctx.log.info('auditing');
    throw new InsufficientScopeError(['notes:admin'], ctx.authInfo?.scopes ?? [], 'tool "audit"');
  }
}

@Module({ providers: [CurrentCaller], handlers: [NotesHandlers] })
class NotesModule {}

/** An Armature app serving the scoped notes tools; close it with `app.close()`. */
export function createAuthApp(): Promise<Armature> {
  return Armature.create(NotesModule, {
    name: 'notes-auth',
    version: '1.0.0',
    manifest: { armature: 1, handlers: {} },
    logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
  });
}
