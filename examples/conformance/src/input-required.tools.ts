import { Prompt, RequestContext, Tool } from '@armature/core';
import type { ElicitAnswer } from '@armature/core/elicitation';
import type { PromptMessage } from '@armature/core/wire/2025-11-25';
import type { ColorForm, ContextForm, ContinueForm, NameForm, OkForm } from './forms';

/** The text of a sampling answer, whatever shape its content has. */
function sampledText(content: unknown): string {
  const block = Array.isArray(content) ? content[0] : content;
  return typeof block === 'object' && block !== null && (block as { type?: unknown }).type === 'text'
    ? String((block as { text?: unknown }).text)
    : JSON.stringify(block);
}

function accepted(answer: ElicitAnswer<object>): string {
  return `action=${answer.action}, content=${JSON.stringify(answer.action === 'accept' ? answer.content : {})}`;
}

/**
 * Questions to the client, written once for both revisions (conformance: input-required-result-*).
 * On 2025-11-25 each `ctx.elicit` / `ctx.sample` / `ctx.listRoots` is a server→client request;
 * on 2026-07-28 it ends the attempt with `input_required` under the key given here, and the
 * handler runs again when the client retries with the answers.
 */
export class InputRequiredTools {
  /** Asks the user's name (form elicitation). */
  @Tool()
  async test_input_required_result_elicitation(ctx: RequestContext): Promise<string> {
    const answer = await ctx.elicit<NameForm>('What is your name?', { key: 'user_name' });
    return `Hello: ${accepted(answer)}`;
  }

  /** Asks the client's model a question (sampling). */
  @Tool()
  async test_input_required_result_sampling(ctx: RequestContext): Promise<string> {
    const reply = await ctx.sample(
      { messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }], maxTokens: 100 },
      { key: 'capital_question' },
    );
    return `Sampling response: ${sampledText(reply.content)}`;
  }

  /** Asks for the client's roots. */
  @Tool()
  async test_input_required_result_list_roots(ctx: RequestContext): Promise<string> {
    const roots = await ctx.listRoots({ key: 'client_roots' });
    return `Roots: ${roots.map((root) => root.uri).join(', ') || '(none)'}`;
  }

  /** Asks for a confirmation; the answer arrives with the sealed state, which the kernel verified. */
  @Tool()
  async test_input_required_result_request_state(ctx: RequestContext): Promise<string> {
    const answer = await ctx.elicit<OkForm>('Please confirm', { key: 'confirm' });
    return `state-ok: ${accepted(answer)}`;
  }

  /** Asks three things at once: they travel in one round. */
  @Tool()
  async test_input_required_result_multiple_inputs(ctx: RequestContext): Promise<string> {
    const [name, greeting, roots] = await Promise.all([
      ctx.elicit<NameForm>('What is your name?', { key: 'user_name' }),
      ctx.sample(
        { messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }], maxTokens: 50 },
        { key: 'greeting' },
      ),
      ctx.listRoots({ key: 'client_roots' }),
    ]);
    return `name: ${accepted(name)}; greeting: ${sampledText(greeting.content)}; roots: ${roots.length}`;
  }

  /** Two questions, the second asked only once the first is answered: two rounds. */
  @Tool()
  async test_input_required_result_multi_round(ctx: RequestContext): Promise<string> {
    const name = await ctx.elicit<NameForm>('Step 1: What is your name?', { key: 'step1' });
    const color = await ctx.elicit<ColorForm>('Step 2: What is your favorite color?', { key: 'step2' });
    return `step1: ${accepted(name)}; step2: ${accepted(color)}`;
  }

  /** Like the elicitation tool; the suite retries it with a tampered state, which must be refused. */
  @Tool()
  async test_input_required_result_tampered_state(ctx: RequestContext): Promise<string> {
    const answer = await ctx.elicit<OkForm>('Please confirm', { key: 'confirm' });
    return `confirmed: ${accepted(answer)}`;
  }

  /** Asks only what the request's capabilities allow (the client declares them per request on 2026). */
  @Tool()
  async test_input_required_result_capabilities(ctx: RequestContext): Promise<string> {
    const caps = ctx.session.clientCapabilities;
    const parts: string[] = [];
    if (caps.elicitation !== undefined)
      parts.push(`elicitation: ${accepted(await ctx.elicit<NameForm>('What is your name?', { key: 'user_name' }))}`);
    if (caps.sampling !== undefined) {
      const reply = await ctx.sample(
        { messages: [{ role: 'user', content: { type: 'text', text: 'Say hello' } }], maxTokens: 50 },
        { key: 'hello' },
      );
      parts.push(`sampling: ${sampledText(reply.content)}`);
    }
    if (caps.roots !== undefined) parts.push(`roots: ${(await ctx.listRoots({ key: 'client_roots' })).length}`);
    return parts.length === 0 ? 'The client declared no capability to ask with' : parts.join('; ');
  }

  /** Needs sampling whatever the client declared: without it the request fails with -32021. */
  @Tool()
  async test_missing_capability(ctx: RequestContext): Promise<string> {
    const reply = await ctx.sample({
      messages: [{ role: 'user', content: { type: 'text', text: 'Summarize the weather' } }],
      maxTokens: 50,
    });
    return `sampled: ${sampledText(reply.content)}`;
  }

  /** Reports progress, then asks: the response stream carries the progress and the input_required result, never a server request. */
  @Tool()
  async test_streaming_elicitation(ctx: RequestContext): Promise<string> {
    await ctx.progress(1, 2, 'about to ask');
    await ctx.log.info('asking the user');
    const answer = await ctx.elicit<ContinueForm>('Continue?', { key: 'continue' });
    return `streamed: ${accepted(answer)}`;
  }

  /** Logs at info: on 2026 a message is sent only when the request set a logLevel at or below info. */
  @Tool()
  async test_logging_tool(ctx: RequestContext): Promise<string> {
    await ctx.log.info('test_logging_tool ran');
    return 'Logged (if the request asked for logs)';
  }

  /**
   * A prompt that needs context from the user first.
   */
  @Prompt()
  async test_input_required_result_prompt(ctx: RequestContext): Promise<PromptMessage[]> {
    const answer = await ctx.elicit<ContextForm>('What context should the prompt use?', { key: 'user_context' });
    const context = answer.action === 'accept' ? answer.content.context : '(none)';
    return [{ role: 'user', content: { type: 'text', text: `Use this context: ${context}` } }];
  }
}
