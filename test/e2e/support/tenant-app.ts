import 'reflect-metadata';
import { Injectable, Module } from '@armature/di';
import { Armature, RequestContext, Tool } from '@armature/core';

/** One tool that reads the tenant header (and the other transport facts) through `ctx.requestInfo`. */
@Injectable()
export class TenantHandlers {
  @Tool()
  tenant(ctx: RequestContext): string {
    const info = ctx.requestInfo;
    if (info === undefined) return JSON.stringify({ requestInfo: null });
    return JSON.stringify({
      transport: info.transport,
      method: info.method,
      path: info.path,
      tenant: info.headers['x-tenant-id'] ?? null,
      cookie: info.headers.cookie ?? null,
      authorization: info.headers.authorization ?? null,
      remoteAddress: info.remoteAddress ?? null,
      frozen: Object.isFrozen(info.headers),
    });
  }
}

@Module({ handlers: [TenantHandlers] })
class TenantModule {}

export function createTenantApp(): Promise<Armature> {
  return Armature.create(TenantModule, { name: 'tenant', version: '1.0.0', manifest: { armature: 1, handlers: {} } });
}
