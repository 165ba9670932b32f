import { McpWireError, RequestContext, Tool, ToolError } from '@armature/core';
import type { ElicitAnswer } from '@armature/core/elicitation';
import { pause } from './fixtures';
import type { ConfirmForm, NameAndConfirmForm, NameForm } from './forms';

/**
 * The tasks extension's fixtures (conformance: tasks-*). Each is an ordinary handler; `task`
 * says whether it runs as a task: `greet` never, `slow_compute` when the client can take one,
 * the jobs always (a client without the tasks extension is refused with -32021).
 */
export class TaskTools {
  /** Greets someone by name; answers at once, never as a task. */
  @Tool()
  greet(name: string): string {
    return `Hello, ${name}!`;
  }

  /**
   * Works for `seconds` seconds (stopping early when cancelled), then reports its label.
   * Runs as a task when the client declared the tasks extension, as a plain call otherwise.
   */
  @Tool({ task: 'optional' })
  async slow_compute(seconds: number, ctx: RequestContext, label?: string): Promise<string> {
    const steps = Math.max(1, Math.ceil(seconds));
    for (let step = 1; step <= steps && !ctx.signal.aborted; step += 1) {
      await pause((seconds * 1000) / steps, ctx.signal);
      await ctx.progress(step, steps, `step ${step} of ${steps}`);
    }
    return `Computed ${label ?? 'a result'} in ${seconds} s`;
  }

  /** A job that runs for a second and then fails with a tool error (the task completes with isError). */
  @Tool({ task: 'required' })
  async failing_job(ctx: RequestContext): Promise<string> {
    await pause(1000, ctx.signal);
    throw new ToolError('The job failed: the input data set is empty');
  }

  /** A job that fails with a JSON-RPC error (the task ends failed). */
  @Tool({ task: 'required' })
  async protocol_error_job(ctx: RequestContext): Promise<string> {
    await pause(200, ctx.signal);
    throw McpWireError.internal('The job lost its worker');
  }

  /** Deletes a file once the user confirms (the task waits in input_required for the answer). */
  @Tool({ task: 'required' })
  async confirm_delete(filename: string, ctx: RequestContext): Promise<string> {
    const answer = await ctx.elicit<ConfirmForm>(`Delete ${filename}?`, { key: 'confirm_delete' });
    return answer.action === 'accept' && answer.content.confirm ? `Deleted ${filename}` : `Kept ${filename}`;
  }

  /**
   * Asks the user's name with the request (2026: an input_required round), then starts its
   * task and greets them from it: the questions before `ctx.startTask()` are not the task's.
   */
  @Tool({ task: { support: 'required', start: 'handler' } })
  async test_tool_with_task(ctx: RequestContext): Promise<string> {
    const answer = await ctx.elicit<NameForm>('What is your name?', { key: 'user_name' });
    await ctx.startTask();
    await pause(200, ctx.signal);
    const name = answer.action === 'accept' ? answer.content.name : 'stranger';
    return `Hello, ${name}! (from task ${ctx.taskId ?? 'none'})`;
  }

  /** Asks two questions at once; completes when both are answered. */
  @Tool({ task: 'required' })
  async multi_input(ctx: RequestContext): Promise<string> {
    const [first, second] = await Promise.all([
      ctx.elicit<NameAndConfirmForm>('First: your name and confirmation', { key: 'first' }),
      ctx.elicit<NameAndConfirmForm>('Second: your name and confirmation', { key: 'second' }),
    ]);
    const name = (answer: ElicitAnswer<NameAndConfirmForm>): string =>
      answer.action === 'accept' ? answer.content.name : `(${answer.action})`;
    return `first: ${name(first)}; second: ${name(second)}`;
  }
}
