import { Module } from '@armature/di';
import { Armature } from '../../src/app/armature.app';
import type { ArmatureOptions } from '../../src/app/armature-options';
import { RequestContext } from '../../src/context/request-context';
import { Tool } from '../../src/decorators/tool.decorator';
import { McpWireError } from '../../src/errors/wire-error';
import type { ServerLogger } from '../../src/logging/server-logger';
import { ToolError } from '../../src/results/tool-error';

const OBJECT = { type: 'object' as const };
const SECONDS = { type: 'object' as const, properties: { ms: { type: 'integer' as const } }, required: ['ms'] };
const CONFIRM = { type: 'object' as const, properties: { confirm: { type: 'boolean' as const } }, required: ['confirm'] };

/** Waits `ms`, or until `signal` aborts. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/** What the handlers saw, for assertions. */
export const seen = { aborted: [] as string[], runs: 0 };

export class TaskTools {
  @Tool({ description: 'Sleeps ms, reporting progress; a task when the client can take one.', task: 'optional', inputSchema: SECONDS })
  async sleepy(args: { ms: number }, ctx: RequestContext): Promise<string> {
    seen.runs += 1;
    await ctx.progress(1, 2, 'half way');
    await pause(args.ms, ctx.signal);
    if (ctx.signal.aborted) seen.aborted.push('sleepy');
    return `slept ${args.ms}`;
  }

  @Tool({ description: 'Fails with a tool error.', task: 'required', inputSchema: OBJECT })
  async toolFails(): Promise<string> {
    await pause(10);
    throw new ToolError('the data set is empty');
  }

  @Tool({ description: 'Fails with a JSON-RPC error.', task: 'required', inputSchema: OBJECT })
  async protocolFails(): Promise<string> {
    await pause(10);
    throw McpWireError.internal('the worker was lost');
  }

  @Tool({ description: 'Asks twice at once, then answers with both.', task: 'required', inputSchema: OBJECT })
  async twoQuestions(_args: object, ctx: RequestContext): Promise<string> {
    const [a, b] = await Promise.all([
      ctx.elicit({ mode: 'form', message: 'first?', requestedSchema: CONFIRM }, { key: 'first' }),
      ctx.elicit({ mode: 'form', message: 'second?', requestedSchema: CONFIRM }, { key: 'second' }),
    ]);
    return `${a.action}/${b.action}`;
  }

  @Tool({
    description: 'Asks a name with the request, then starts its task.',
    task: { support: 'optional', start: 'handler' },
    inputSchema: OBJECT,
  })
  async askThenTask(_args: object, ctx: RequestContext): Promise<string> {
    const answer = await ctx.elicit(
      { mode: 'form', message: 'name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
      { key: 'name' },
    );
    await ctx.startTask();
    await pause(10);
    return `${String(answer.content?.name)} ${ctx.taskId === undefined ? 'without a task' : 'in a task'}`;
  }

  @Tool({ description: 'Asks a typed form inside its task.', task: 'required', inputSchema: OBJECT })
  async typedInTask(_args: object, ctx: RequestContext): Promise<string> {
    const answer = await ctx.elicit<{ confirm: boolean }>('go on?', { key: 'go_on' });
    return answer.action === 'accept' ? `confirm=${answer.content.confirm}` : answer.action;
  }

  @Tool({ description: 'Never a task.', inputSchema: OBJECT })
  plain(): string {
    return 'plain';
  }
}

@Module({ handlers: [TaskTools] })
export class TaskModule {}

export const quiet: ServerLogger = { error: () => undefined, warn: () => undefined, debug: () => undefined };

export async function createTaskApp(options: Partial<ArmatureOptions> = {}): Promise<Armature> {
  seen.aborted = [];
  seen.runs = 0;
  return Armature.create(TaskModule, {
    name: 'tasks',
    version: '1.0.0',
    // The form armature build would store for typedInTask's ctx.elicit<{ confirm: boolean }>.
    manifest: { armature: 1, handlers: {}, elicitForms: { go_on: { source: 'task-app.ts', schema: CONFIRM } } },
    logger: quiet,
    requestStateKey: 'task-test-request-state-key-32bytes!!',
    ...options,
  });
}
