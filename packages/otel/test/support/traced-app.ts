import 'reflect-metadata';
import { trace } from '@opentelemetry/api';
import { Module } from '@armature/di';
import { Armature, Tool, type ArmatureManifest } from '@armature/core';
import { type RequestObserver } from '@armature/core/observability';

/** A tool that reports the span active while it runs, before and after an await. */
export class TracedHandlers {
  @Tool()
  async activeSpan(): Promise<string> {
    const before = trace.getActiveSpan()?.spanContext().spanId ?? 'none';
    await new Promise((resolve) => setImmediate(resolve));
    const after = trace.getActiveSpan()?.spanContext().spanId ?? 'none';
    return `${before} ${after}`;
  }
}

@Module({ handlers: [TracedHandlers] })
class TracedModule {}

const manifest: ArmatureManifest = {
  armature: 1,
  handlers: {
    'test/support/traced-app.js#TracedHandlers': {
      className: 'TracedHandlers',
      methods: {
        activeSpan: {
          kind: 'tool',
          description: 'The active span id.',
          params: [],
          inputSchema: { type: 'object', additionalProperties: false },
        },
      },
    },
  },
};

export function createTracedApp(requestObserver: RequestObserver): Promise<Armature> {
  return Armature.create(TracedModule, {
    name: 'traced',
    version: '1.0.0',
    manifest,
    requestObserver,
    logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
  });
}
