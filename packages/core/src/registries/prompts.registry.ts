import type { Prompt } from '../wire/mcp-types.generated';
import { compileOrThrow, handlerSources, type AppRuntime } from './runtime-routes';
import { promptDefinitionSource } from './definition-source';
import type { PromptDefinition } from './route-definitions';

const PROMPT_KINDS = new Set(['prompt'] as const);

function isPromptDefinition(value: object): value is PromptDefinition {
  const v = value as Partial<PromptDefinition>;
  return typeof v.handler === 'function' && typeof v.name === 'string' && v.constructor === Object;
}

/**
 * `app.prompts`: the prompts being served. Every change pushes
 * `notifications/prompts/list_changed` to each live session.
 */
export class PromptRegistry {
  /** @internal */
  constructor(private readonly runtime: AppRuntime) {}

  /**
   * Adds prompts: a `PromptDefinition` ({ name, handler, arguments?, … }), an instance of a
   * class with `@Prompt` methods, or such a class when it takes no constructor arguments.
   * All or nothing. Returns the names added.
   */
  register(target: PromptDefinition | object): readonly string[] {
    this.runtime.assertOpen('register a prompt');
    const sources = isPromptDefinition(target)
      ? [promptDefinitionSource(target)]
      : handlerSources(this.runtime, target, PROMPT_KINDS, 'prompt');
    const { prompts } = compileOrThrow(this.runtime, sources);
    this.runtime.tables.prompts.add(prompts);
    this.runtime.listChanged('prompts');
    return prompts.map((p) => p.name);
  }

  /** Removes a prompt; throws `ARM_ERR_NOT_REGISTERED` for an unknown name. */
  remove(name: string): void {
    this.runtime.tables.prompts.remove(name);
    this.runtime.listChanged('prompts');
  }

  /** Serves a disabled prompt again. */
  enable(name: string): void {
    if (this.runtime.tables.prompts.setEnabled(name, true)) this.runtime.listChanged('prompts');
  }

  /** Hides a prompt from `prompts/list` and answers it as unknown, until enabled. */
  disable(name: string): void {
    if (this.runtime.tables.prompts.setEnabled(name, false)) this.runtime.listChanged('prompts');
  }

  /** Whether a prompt of that name is registered (enabled or not). */
  has(name: string): boolean {
    return this.runtime.tables.prompts.has(name);
  }

  /** The `prompts/list` entries being served (frozen). */
  list(): readonly Prompt[] {
    return this.runtime.tables.prompts.list();
  }
}
