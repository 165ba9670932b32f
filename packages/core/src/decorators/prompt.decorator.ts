import { recordHandlerMethod } from '../metadata/handler-metadata';
import type { PromptOptions } from '../metadata/handler-metadata.types';
import type { Prompt as WirePrompt } from '../wire/mcp-types.generated';

/**
 * Serves the method as an MCP prompt. Its parameters become the prompt's arguments (all
 * strings on the wire; optional and defaulted parameters are not required). It may return
 * a string (one user message), a message, an array of messages, or a full `GetPromptResult`.
 *
 * @example
 * ```ts
 * @Prompt({ description: 'Summarize one note.', complete: { id: 'completeId' } })
 * summarize(id: string): string { … }
 * ```
 */
export function Prompt(options: PromptOptions = {}): MethodDecorator {
  return (target, propertyKey, descriptor) => {
    recordHandlerMethod('Prompt', target, propertyKey, (method) => ({ kind: 'prompt', method, options }), descriptor);
  };
}

/**
 * The spec's wire shape of a prompt as `prompts/list` sends it. Declared beside the decorator so that `Prompt` names
 * both: the decorator as a value, the wire type as a type.
 */
export type Prompt = WirePrompt;
