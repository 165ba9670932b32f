import 'reflect-metadata';
import { Injectable, Module } from '@armature/di';
import {
  Armature,
  McpNotifier,
  Prompt,
  RequestContext,
  Resource,
  ResourceTemplate,
  Tool,
  ToolError,
  type ArmatureManifest,
  type ArmatureOptions,
} from '@armature/core';
import { deferred } from './bounded';

/** Signals the tests wait on, shared by every session of the app. */
export const probes = { waitStarted: deferred(), waitAborted: deferred() };

/** Handlers covering every kind of MCP traffic a transport must carry. */
@Injectable()
export class TransportFixtureHandlers {
  constructor(private readonly notifier: McpNotifier) {}

  @Tool()
  echo(text: string): string {
    return text;
  }

  @Tool()
  whoami(ctx: RequestContext): string {
    return ctx.authInfo?.clientId ?? 'anonymous';
  }

  @Tool()
  async steps(ctx: RequestContext): Promise<string> {
    await ctx.progress(1, 2);
    await ctx.log.info('half way');
    await ctx.progress(2, 2);
    return 'done';
  }

  @Tool()
  async ask(ctx: RequestContext): Promise<string> {
    const answer = await ctx.elicit({
      mode: 'form',
      message: 'Your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
    });
    return answer.action;
  }

  @Tool()
  async wait(ctx: RequestContext): Promise<string> {
    probes.waitStarted.resolve();
    await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
    probes.waitAborted.resolve();
    return 'aborted';
  }

  /** Structured output (an output schema in the manifest). */
  @Tool()
  measure(text: string): { text: string; length: number } {
    return { text, length: text.length };
  }

  /** Changes `fixture://static` as far as subscribers know: sends them resources/updated. */
  @Tool()
  touch(): string {
    this.notifier.resourceUpdated('fixture://static');
    return 'touched';
  }

  @Tool()
  refuse(): never {
    throw new ToolError('Refused on purpose.');
  }

  @Resource('fixture://static', { mimeType: 'text/plain' })
  staticText(): string {
    return 'static text';
  }

  @ResourceTemplate('fixture://items/{id}', { mimeType: 'text/plain' })
  item(id: string): string {
    return `item ${id}`;
  }

  @Prompt({ complete: { name: (value: string) => ['bob', 'bea'].filter((n) => n.startsWith(value)) } })
  greet(name: string): string {
    return `Say hello to ${name}.`;
  }
}

@Module({ handlers: [TransportFixtureHandlers] })
class TransportFixtureModule {}

const none = { type: 'object', additionalProperties: false } as const;
const context = { index: 0, name: 'ctx', role: 'context' } as const;

/** What `armature build` would write for the handlers above (these tests do not run the build). */
const manifest: ArmatureManifest = {
  armature: 1,
  handlers: {
    'src/fixture-app.js#TransportFixtureHandlers': {
      className: 'TransportFixtureHandlers',
      methods: {
        echo: {
          kind: 'tool',
          description: 'Echoes its text.',
          params: [{ index: 0, name: 'text', role: 'argument', required: true }],
          inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false },
        },
        whoami: { kind: 'tool', description: 'The authenticated client id.', params: [context], inputSchema: none },
        steps: { kind: 'tool', description: 'Reports progress and logs.', params: [context], inputSchema: none },
        ask: { kind: 'tool', description: 'Elicits a name.', params: [context], inputSchema: none },
        wait: { kind: 'tool', description: 'Waits until aborted.', params: [context], inputSchema: none },
        measure: {
          kind: 'tool',
          description: 'Measures its text.',
          params: [{ index: 0, name: 'text', role: 'argument', required: true }],
          inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false },
          outputSchema: {
            type: 'object',
            properties: { text: { type: 'string' }, length: { type: 'number' } },
            required: ['text', 'length'],
          },
        },
        touch: { kind: 'tool', description: 'Notifies subscribers of fixture://static.', params: [], inputSchema: none },
        refuse: { kind: 'tool', description: 'Always fails.', params: [], inputSchema: none },
        staticText: { kind: 'resource', params: [] },
        item: { kind: 'resourceTemplate', params: [{ index: 0, name: 'id', role: 'variable' }] },
        greet: {
          kind: 'prompt',
          description: 'Greets someone.',
          params: [{ index: 0, name: 'name', role: 'argument', required: true }],
          arguments: [{ name: 'name', required: true }],
        },
      },
    },
  },
};

/** A fresh Armature app serving the fixture handlers; close it with `app.close()`. `options` adds app options (a request observer…). */
export async function createFixtureApp(
  name = 'transport-fixture',
  options: Partial<Pick<ArmatureOptions, 'requestObserver' | 'requestStateKey'>> = {},
): Promise<Armature> {
  probes.waitStarted = deferred();
  probes.waitAborted = deferred();
  return Armature.create(TransportFixtureModule, {
    name,
    version: '1.0.0',
    manifest,
    logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
    ...options,
  });
}
