import 'reflect-metadata';
import { Injectable, Module } from '@armature/di';
import { Armature, RequestContext, Tool, type ArmatureOptions } from '@armature/core';

/** Tools that show what a handler sees of the caller and of the request. */
@Injectable()
export class CallerHandlers {
  @Tool()
  whoami(ctx: RequestContext): string {
    const auth = ctx.authInfo;
    return auth === undefined ? 'anonymous' : `${auth.clientId} [${auth.scopes.join(' ')}]`;
  }

  @Tool({ scopes: ['notes:admin'] })
  admin(): string {
    return 'admin done';
  }

  /** The tenant header and the transport facts, as JSON (`none` without request info). */
  @Tool()
  tenant(ctx: RequestContext): string {
    const info = ctx.requestInfo;
    if (info === undefined) return 'none';
    return JSON.stringify({
      transport: info.transport,
      tenant: info.headers['x-tenant-id'] ?? null,
      authorization: info.headers.authorization ?? null,
    });
  }
}

@Module({ handlers: [CallerHandlers] })
class CallerModule {}

/** The app; every log line goes to `logs` (to prove no token reaches them). `options` add to the app's (a shared store). */
export function createCallerApp(logs: string[] = [], options: Partial<ArmatureOptions> = {}): Promise<Armature> {
  const record = (...parts: unknown[]): void =>
    void logs.push(parts.map((part) => (part instanceof Error ? `${part.message} ${part.stack ?? ''}` : String(part))).join(' '));
  return Armature.create(CallerModule, {
    name: 'callers',
    version: '1.0.0',
    manifest: { armature: 1, handlers: {} },
    logger: { error: record, warn: record, debug: record },
    ...options,
  });
}
