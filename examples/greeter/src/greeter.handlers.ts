import { RequestContext, Tool } from '@armature/core';

/** Two tools: one answers at once (a JSON response), one reports progress (an SSE stream). */
export class GreeterHandlers {
  /**
   * Greets someone by name.
   * @param name Who to greet.
   */
  @Tool({ annotations: { readOnlyHint: true } })
  greet(name: string): string {
    return `Hello, ${name}!`;
  }

  /**
   * Counts down to zero, reporting progress at each step.
   * @param from Where to start (1–10).
   */
  @Tool({ annotations: { readOnlyHint: true } })
  async countdown(from: number, ctx: RequestContext): Promise<string> {
    const start = Math.max(1, Math.min(10, Math.floor(from)));
    for (let left = start - 1, step = 1; left >= 0; left--, step++) {
      await ctx.progress(step, start, `${left} left`);
    }
    return `Counted down from ${start}.`;
  }
}
