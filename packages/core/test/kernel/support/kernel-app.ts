import 'reflect-metadata';
import { Injectable, Module } from '@armature/di';
import { Armature } from '../../../src/app/armature.app';
import type { ArmatureOptions } from '../../../src/app/armature-options';
import { RequestContext } from '../../../src/context/request-context';
import { Tool } from '../../../src/decorators/tool.decorator';
import { ToolError } from '../../../src/results/tool-error';
import type { ServerLogger } from '../../../src/logging/server-logger';

/**
 * What the handlers of the 2026 test app saw: how often each ran (a 2026 handler re-runs on
 * every attempt of an input-required request), which `wait` calls started, and the abort
 * reason code each `wait` call ended with.
 */
export class KernelProbe {
  readonly runs = new Map<string, number>();
  readonly started = new Set<string>();
  readonly aborted = new Map<string, string>();

  count(name: string): void {
    this.runs.set(name, (this.runs.get(name) ?? 0) + 1);
  }

  reset(): void {
    this.runs.clear();
    this.started.clear();
    this.aborted.clear();
  }
}

/** The probe of the app `createKernelApp` builds (one app at a time per process). */
export const probe = new KernelProbe();

const OBJECT = { type: 'object' } as const;
const NAME_FORM = {
  mode: 'form',
  message: 'Name?',
  requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
} as const;
const AGE_FORM = { mode: 'form', message: 'Age?', requestedSchema: { type: 'object', properties: { age: { type: 'integer' } } } } as const;

type Answer = { action: string; content?: Record<string, unknown> };

/** The form a test expects in `inputRequests` for the name question. */
export const NAME_QUESTION = NAME_FORM;
export const AGE_QUESTION = AGE_FORM;

@Injectable()
export class KernelTools {
  @Tool({ description: 'Echoes its text.', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } })
  echo(args: { text: string }): string {
    return args.text;
  }

  @Tool({ description: 'Asks the client for a name.', inputSchema: { type: 'object', properties: { topic: { type: 'string' } } } })
  async ask(_args: { topic?: string }, ctx: RequestContext): Promise<string> {
    probe.count('ask');
    const answer = (await ctx.elicit(NAME_FORM as never)) as Answer;
    return `answer: ${JSON.stringify(answer)}`;
  }

  @Tool({ description: 'Asks for a name, then for an age (two rounds).', inputSchema: OBJECT })
  async twoRounds(_args: object, ctx: RequestContext): Promise<string> {
    probe.count('twoRounds');
    const name = (await ctx.elicit(NAME_FORM as never)) as Answer;
    const age = (await ctx.elicit(AGE_FORM as never)) as Answer;
    return `${String(name.content?.name)} is ${String(age.content?.age)}`;
  }

  @Tool({ description: 'Asks two questions at once.', inputSchema: OBJECT })
  async together(_args: object, ctx: RequestContext): Promise<string> {
    const [name, age] = (await Promise.all([ctx.elicit(NAME_FORM as never), ctx.elicit(AGE_FORM as never)])) as [Answer, Answer];
    return `${String(name.content?.name)}/${String(age.content?.age)}`;
  }

  @Tool({ description: 'Samples the client model.', inputSchema: OBJECT })
  async sample(_args: object, ctx: RequestContext): Promise<string> {
    const result = await ctx.sample({ messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }], maxTokens: 16 });
    return `model ${result.model}`;
  }

  @Tool({ description: 'Lists the client roots.', inputSchema: OBJECT })
  async roots(_args: object, ctx: RequestContext): Promise<string> {
    return (await ctx.listRoots()).map((root) => root.uri).join(',');
  }

  @Tool({ description: 'Sends the user to a URL.', inputSchema: OBJECT })
  async visit(_args: object, ctx: RequestContext): Promise<string> {
    const answer = await ctx.elicit({ mode: 'url', message: 'Sign in', url: 'https://example.com/sign-in', elicitationId: 'e-1' });
    return answer.action;
  }

  @Tool({ description: 'Logs at four levels.', inputSchema: OBJECT })
  async logs(_args: object, ctx: RequestContext): Promise<string> {
    await ctx.log.debug('debug line');
    await ctx.log.info('info line');
    await ctx.log.warning('warning line');
    await ctx.log.error({ detail: 'error line' }, 'kernel-test');
    return 'logged';
  }

  @Tool({ description: 'Reports three steps of progress.', inputSchema: OBJECT })
  async progress(_args: object, ctx: RequestContext): Promise<string> {
    for (let step = 1; step <= 3; step++) await ctx.progress(step, 3, `step ${step}`);
    return 'done';
  }

  @Tool({
    description: 'Waits until its signal aborts.',
    inputSchema: { type: 'object', properties: { tag: { type: 'string' } }, required: ['tag'] },
  })
  async wait(args: { tag: string }, ctx: RequestContext): Promise<string> {
    probe.started.add(args.tag);
    await new Promise<void>((resolve) => {
      const signal = ctx.signal;
      const done = (): void => {
        probe.aborted.set(args.tag, String((signal.reason as { code?: unknown } | undefined)?.code));
        resolve();
      };
      if (signal.aborted) done();
      else signal.addEventListener('abort', done, { once: true });
    });
    return 'aborted';
  }

  @Tool({ description: 'Always refuses.', inputSchema: OBJECT })
  refuse(): never {
    throw new ToolError('Refused on purpose.');
  }
}

@Module({ handlers: [KernelTools] })
export class KernelModule {}

/** 32 bytes, so no random-key warning and states survive across apps of one test. */
export const STATE_KEY = 'kernel-test-request-state-key-32bytes!';

const quiet: ServerLogger = { error: () => undefined, warn: () => undefined, debug: () => undefined };

/**
 * The 2026 test app: the tools above, plus at run time a fixed resource, a resource that asks
 * a question, a template, a prompt with a completer that (wrongly) asks a question, and a
 * prompt that asks one. `options` override the defaults.
 */
export async function createKernelApp(options: Partial<ArmatureOptions> = {}, extras = true): Promise<Armature> {
  probe.reset();
  const app = await Armature.create(KernelModule, {
    name: 'kernel-2026',
    version: '1.2.3',
    instructions: 'Use echo to test.',
    manifest: { armature: 1, handlers: {} },
    logger: quiet,
    requestStateKey: STATE_KEY,
    ...options,
  });
  if (!extras) return app;
  app.resources.register({ uri: 'kernel://static', name: 'static', mimeType: 'text/plain', handler: () => 'static text' });
  app.resources.register({ uri: 'kernel://other', name: 'other', mimeType: 'text/plain', handler: () => 'other text' });
  app.resources.register({
    uri: 'kernel://ask',
    name: 'asking',
    mimeType: 'text/plain',
    handler: async (ctx) => {
      const answer = (await ctx.elicit(NAME_FORM as never)) as Answer;
      return `read by ${String(answer.content?.name)}`;
    },
  });
  app.resources.register({
    uriTemplate: 'notes://{title}',
    name: 'note',
    mimeType: 'text/plain',
    handler: (vars) => `note ${String(vars.title)}`,
  });
  app.prompts.register({
    name: 'greet',
    arguments: [{ name: 'name', required: true }],
    handler: (args) => `Say hello to ${args.name}.`,
    complete: {
      name: async (value, context) => {
        // Questions are not allowed in completion/complete (MCP 2026-07-28): this must be refused.
        await context.request.elicit(NAME_FORM as never);
        return [`${value}x`];
      },
    },
  });
  app.prompts.register({
    name: 'confirm',
    arguments: [],
    handler: async (_args, ctx) => {
      const answer = (await ctx.elicit(NAME_FORM as never)) as Answer;
      return `Confirmed by ${String(answer.content?.name)}.`;
    },
  });
  return app;
}
