import 'reflect-metadata';
import { Module } from '@armature/di';
import { Armature, Tool, type ArmatureManifest } from '@armature/core';
import type { AuditSink, RequestObserver } from '@armature/core/observability';

/** A tool taking a secret, as `armature build` would describe it (its token marked `@sensitive`). */
export class AuditedHandlers {
  @Tool()
  connect(host: string, auth: { user: string; token: string }): string {
    return `${auth.user}@${host}`;
  }
}

@Module({ handlers: [AuditedHandlers] })
class AuditedModule {}

export const FINGERPRINT = 'sha256-0123456789abcdef0123456789abcdef';

const manifest: ArmatureManifest = {
  armature: 1,
  handlers: {
    'test/support/audited-app.js#AuditedHandlers': {
      className: 'AuditedHandlers',
      methods: {
        connect: {
          kind: 'tool',
          fingerprint: FINGERPRINT,
          sensitive: ['/auth/token'],
          params: [
            { index: 0, name: 'host', role: 'argument', required: true },
            { index: 1, name: 'auth', role: 'argument', required: true },
          ],
          inputSchema: {
            type: 'object',
            properties: {
              host: { type: 'string' },
              auth: {
                type: 'object',
                properties: { user: { type: 'string' }, token: { type: 'string' } },
                required: ['user', 'token'],
                additionalProperties: false,
              },
            },
            required: ['host', 'auth'],
            additionalProperties: false,
          },
        },
      },
    },
  },
};

export function createAuditedApp(audit: AuditSink, requestObserver?: RequestObserver): Promise<Armature> {
  return Armature.create(AuditedModule, {
    name: 'audited',
    version: '1.0.0',
    manifest,
    audit,
    ...(requestObserver === undefined ? {} : { requestObserver }),
    logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
  });
}
