import { RequestContext, Tool } from '@armature/core';
import { pause } from './fixtures';
import type { UserInfoForm } from './forms';

/** Tools that talk back to the client while they run: logs, progress, sampling, elicitation. */
export class InteractionTools {
  /** Sends three info log messages while it runs. */
  @Tool()
  async test_tool_with_logging(ctx: RequestContext): Promise<string> {
    await ctx.log.info('Tool execution started');
    await pause(50, ctx.signal);
    await ctx.log.info('Tool processing data');
    await pause(50, ctx.signal);
    await ctx.log.info('Tool execution completed');
    return 'Tool with logging executed successfully';
  }

  /** Reports progress 0, 50 and 100 of 100 when the request asks for progress. */
  @Tool()
  async test_tool_with_progress(ctx: RequestContext): Promise<string> {
    await ctx.progress(0, 100);
    await pause(50, ctx.signal);
    await ctx.progress(50, 100);
    await pause(50, ctx.signal);
    await ctx.progress(100, 100);
    return 'Tool with progress executed successfully';
  }

  /**
   * Asks the client's model to answer a prompt (sampling).
   * @param prompt The prompt to send to the model.
   */
  @Tool()
  async test_sampling(prompt: string, ctx: RequestContext): Promise<string> {
    const reply = await ctx.sample({ messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens: 100 });
    const content = Array.isArray(reply.content) ? reply.content[0] : reply.content;
    return `LLM response: ${content !== undefined && content.type === 'text' ? content.text : JSON.stringify(content)}`;
  }

  /**
   * Asks the user for a username and an email (form elicitation).
   * @param message The message to show the user.
   */
  @Tool()
  async test_elicitation(message: string, ctx: RequestContext): Promise<string> {
    const answer = await ctx.elicit<UserInfoForm>(message, { key: 'user_info' });
    return `User response: action=${answer.action}, content=${JSON.stringify(answer.action === 'accept' ? answer.content : {})}`;
  }

  /**
   * Outlives the server-side close of its SSE stream (SSE polling): the client reconnects
   * with `Last-Event-ID` and receives the result on the resumed stream.
   */
  @Tool()
  async test_reconnection(ctx: RequestContext): Promise<string> {
    // Sending something during the call is what makes the answer an SSE stream, not JSON.
    await ctx.log.info('Reconnection test started: this stream closes before the result');
    await pause(RECONNECTION_DELAY_MS, ctx.signal);
    return 'Reconnection test completed successfully';
  }
}

/** Longer than the server's `sse.closeAfterMs` (see conformance.server.ts), so the stream closes before the result. */
export const RECONNECTION_DELAY_MS = 1500;
