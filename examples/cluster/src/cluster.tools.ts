import { Injectable } from '@armature/di';
import { RateLimit, RequestContext, Tool } from '@armature/core';

/** What the cluster adds to the notes: which instance served a call, a limited greeting, and a long job that runs as a task. */
@Injectable()
export class ClusterTools {
  /** The name of the instance that served this call (the balancer spreads calls over all of them). */
  @Tool({ title: 'Which instance served this call', annotations: { readOnlyHint: true, openWorldHint: false } })
  served_by(): string {
    return process.env.INSTANCE_NAME ?? 'single';
  }

  /**
   * Say hello, at most three times a minute per session, whichever instances serve the calls.
   * @param name Who to greet.
   */
  // An MCP 2026-07-28 call has no session: it spends its principal's or client address's budget (docs/guards.md).
  @RateLimit({ limit: 3, windowMs: 60_000, per: 'session' })
  @Tool({ title: 'Greet (3 a minute per session)', annotations: { readOnlyHint: true, openWorldHint: false } })
  greet(name: string): string {
    return `hello ${name} from ${process.env.INSTANCE_NAME ?? 'single'}`;
  }

  /**
   * Export every note, slowly, reporting progress: start it as a task, poll or cancel it through any instance.
   * @param steps How many progress steps to take.
   * @param stepMs Milliseconds per step.
   * @minimum steps 1
   * @maximum steps 1000
   * @minimum stepMs 1
   * @maximum stepMs 60000
   */
  @RateLimit({ limit: 60, windowMs: 60_000, per: 'global' })
  @Tool({ title: 'Export the notes (long)', task: 'optional', annotations: { readOnlyHint: true, openWorldHint: false } })
  async export_notes(steps = 5, stepMs = 100, ctx: RequestContext): Promise<string> {
    for (let step = 1; step <= steps; step++) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, stepMs);
        ctx.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      });
      if (ctx.signal.aborted) return `cancelled after ${step - 1} of ${steps} steps`;
      await ctx.progress(step, steps, `step ${step} of ${steps} on ${process.env.INSTANCE_NAME ?? 'single'}`);
    }
    return `exported in ${steps} steps by ${process.env.INSTANCE_NAME ?? 'single'}`;
  }

  /**
   * Take `steps` short steps, reporting progress after each, and say who did: a streamed call with
   * no limit on it, for watching a rolling restart (every call gets its whole answer).
   * @param steps How many progress steps to take.
   * @param stepMs Milliseconds per step.
   * @minimum steps 1
   * @maximum steps 1000
   * @minimum stepMs 0
   * @maximum stepMs 1000
   */
  @Tool({ title: 'Stream progress steps', annotations: { readOnlyHint: true, openWorldHint: false } })
  async stream_steps(steps = 8, stepMs = 25, ctx: RequestContext): Promise<string> {
    for (let step = 1; step <= steps; step++) {
      await new Promise<void>((resolve) => setTimeout(resolve, stepMs));
      await ctx.progress(step, steps, `step ${step} of ${steps}`);
    }
    return `${steps} steps by ${process.env.INSTANCE_NAME ?? 'single'}`;
  }
}
