import 'reflect-metadata';
import { Injectable, Module } from '@armature/di';
import { Armature, RequestContext, Tool, ToolError } from '@armature/core';
import type { ArmatureOptions } from '@armature/core';

/**
 * What the handlers of the 2026 HTTP test app saw: `wait` calls started, the abort reason code
 * each ended with, and the most `wait` calls running at the same time.
 */
export const probe2026 = {
  started: new Set<string>(),
  aborted: new Map<string, string>(),
  running: 0,
  peak: 0,
  reset(): void {
    probe2026.started.clear();
    probe2026.aborted.clear();
    probe2026.running = 0;
    probe2026.peak = 0;
  },
};

const OBJECT = { type: 'object' } as const;
const NAME_FORM = {
  mode: 'form',
  message: 'Name?',
  requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
} as const;

/**
 * The input schema of `route`, written by hand: `x-mcp-header` marks the arguments a client
 * mirrors into `Mcp-Param-<name>` headers (MCP 2026-07-28, SEP-2243).
 */
export const ROUTE_SCHEMA = {
  type: 'object',
  properties: {
    region: { type: 'string', 'x-mcp-header': 'Region' },
    priority: { type: 'integer', 'x-mcp-header': 'Priority' },
    urgent: { type: 'boolean', 'x-mcp-header': 'Urgent' },
    note: { type: 'string' },
  },
  required: ['region'],
} as const;

@Injectable()
export class Http2026Tools {
  @Tool({ description: 'Echoes its text.', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } })
  echo(args: { text: string }): string {
    return args.text;
  }

  @Tool({ description: 'Asks for a name.', inputSchema: OBJECT })
  async ask(_args: object, ctx: RequestContext): Promise<string> {
    const answer = await ctx.elicit(NAME_FORM as never);
    return `answer: ${JSON.stringify(answer)}`;
  }

  @Tool({ description: 'Three steps of progress.', inputSchema: OBJECT })
  async progress(_args: object, ctx: RequestContext): Promise<string> {
    for (let step = 1; step <= 3; step++) await ctx.progress(step, 3);
    return 'done';
  }

  @Tool({ description: 'Logs at two levels.', inputSchema: OBJECT })
  async logs(_args: object, ctx: RequestContext): Promise<string> {
    await ctx.log.info('info line');
    await ctx.log.error('error line');
    return 'logged';
  }

  @Tool({
    description: 'Reports progress once (when asked to), then waits until its signal aborts.',
    inputSchema: { type: 'object', properties: { tag: { type: 'string' } }, required: ['tag'] },
  })
  async wait(args: { tag: string }, ctx: RequestContext): Promise<string> {
    await ctx.progress(1);
    probe2026.started.add(args.tag);
    probe2026.peak = Math.max(probe2026.peak, ++probe2026.running);
    await new Promise<void>((resolve) => {
      const signal = ctx.signal;
      const done = (): void => {
        probe2026.running--;
        probe2026.aborted.set(args.tag, String((signal.reason as { code?: unknown } | undefined)?.code));
        resolve();
      };
      if (signal.aborted) done();
      else signal.addEventListener('abort', done, { once: true });
    });
    return 'aborted';
  }

  @Tool({ description: 'Routes by region.', inputSchema: ROUTE_SCHEMA })
  route(args: { region: string; priority?: number; urgent?: boolean }): string {
    return `${args.region}/${String(args.priority)}/${String(args.urgent)}`;
  }

  /** The author's form: `headers` sets `x-mcp-header` on the property. */
  @Tool({
    description: 'Reads a tenant.',
    inputSchema: { type: 'object', properties: { tenant: { type: 'string' } }, required: ['tenant'] },
    headers: { tenant: 'Tenant' },
  })
  tenant(args: { tenant: string }): string {
    return `tenant ${args.tenant}`;
  }

  @Tool({ description: 'Always refuses.', inputSchema: OBJECT })
  refuse(): never {
    throw new ToolError('Refused on purpose.');
  }
}

@Module({ handlers: [Http2026Tools] })
class Http2026Module {}

/** The 2026 HTTP test app, plus a fixed resource and a prompt with a non-ASCII name. */
export async function createApp2026(options: Partial<ArmatureOptions> = {}): Promise<Armature> {
  probe2026.reset();
  const app = await Armature.create(Http2026Module, {
    name: 'http-2026',
    version: '1.0.0',
    manifest: { armature: 1, handlers: {} },
    logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
    requestStateKey: 'http-2026-test-request-state-key-32b!',
    ...options,
  });
  app.resources.register({ uri: 'http26://static', name: 'static', mimeType: 'text/plain', handler: () => 'static text' });
  app.prompts.register({ name: 'grüße', description: 'A prompt with a non-ASCII name.', handler: () => 'Hallo!' });
  return app;
}
