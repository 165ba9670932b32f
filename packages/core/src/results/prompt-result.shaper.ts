import type { GetPromptResult, PromptMessage } from '../wire/mcp-types.generated';
import { isContentBlock } from './content-guards';

function isMessage(value: unknown): value is PromptMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { role, content } = value as { role?: unknown; content?: unknown };
  return (role === 'user' || role === 'assistant') && isContentBlock(content);
}

function toMessage(value: unknown): PromptMessage | undefined {
  if (typeof value === 'string') return { role: 'user', content: { type: 'text', text: value } };
  if (isMessage(value)) return value;
  if (isContentBlock(value)) return { role: 'user', content: value };
  return undefined;
}

/**
 * Turns what a prompt method returned into `prompts/get`'s result: a string is one user text
 * message; a message, a content block (sent as a user message) or an array of those; or a full
 * `{ messages }` result. Returns undefined for anything else (a server bug the caller reports).
 */
export function shapePromptResult(value: unknown, description: string | undefined): GetPromptResult | undefined {
  const described = (messages: PromptMessage[]): GetPromptResult => (description === undefined ? { messages } : { description, messages });
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && Array.isArray((value as GetPromptResult).messages)) {
    const result = value as GetPromptResult;
    if (!result.messages.every(isMessage)) return undefined;
    return result.description === undefined && description !== undefined ? { ...result, description } : result;
  }
  const items: unknown[] = Array.isArray(value) ? value : [value];
  const messages: PromptMessage[] = [];
  for (const item of items) {
    const message = toMessage(item);
    if (!message) return undefined;
    messages.push(message);
  }
  return described(messages);
}
