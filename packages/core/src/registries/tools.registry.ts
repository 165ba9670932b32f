import type { Tool } from '../wire/mcp-types.generated';
import { compileOrThrow, handlerSources, type AppRuntime } from './runtime-routes';
import { toolDefinitionSource } from './definition-source';
import type { ToolDefinition } from './route-definitions';

const TOOL_KINDS = new Set(['tool'] as const);

function isToolDefinition(value: object): value is ToolDefinition {
  const v = value as Partial<ToolDefinition>;
  return typeof v.handler === 'function' && typeof v.name === 'string' && v.constructor === Object;
}

/**
 * `app.tools`: the tools being served. Every change pushes `notifications/tools/list_changed`
 * to each live session.
 */
export class ToolRegistry {
  /** @internal */
  constructor(private readonly runtime: AppRuntime) {}

  /**
   * Adds tools: a `ToolDefinition` ({ name, handler, inputSchema?, … }), an instance of a
   * class with `@Tool` methods, or such a class when it takes no constructor arguments.
   * All or nothing: a bad or duplicate name throws and adds nothing. Returns the names added.
   */
  register(target: ToolDefinition | object): readonly string[] {
    this.runtime.assertOpen('register a tool');
    const sources = isToolDefinition(target) ? [toolDefinitionSource(target)] : handlerSources(this.runtime, target, TOOL_KINDS, 'tool');
    const { tools } = compileOrThrow(this.runtime, sources);
    this.runtime.tables.tools.add(tools);
    this.runtime.listChanged('tools');
    return tools.map((t) => t.name);
  }

  /** Removes a tool; throws `ARM_ERR_NOT_REGISTERED` for an unknown name. */
  remove(name: string): void {
    this.runtime.tables.tools.remove(name);
    this.runtime.listChanged('tools');
  }

  /** Serves a disabled tool again. */
  enable(name: string): void {
    if (this.runtime.tables.tools.setEnabled(name, true)) this.runtime.listChanged('tools');
  }

  /** Hides a tool from `tools/list` and answers calls to it as unknown, until enabled. */
  disable(name: string): void {
    if (this.runtime.tables.tools.setEnabled(name, false)) this.runtime.listChanged('tools');
  }

  /** Whether a tool of that name is registered (enabled or not). */
  has(name: string): boolean {
    return this.runtime.tables.tools.has(name);
  }

  /** Whether the tool is registered and enabled. */
  isEnabled(name: string): boolean {
    return this.runtime.tables.tools.get(name) !== undefined;
  }

  /** The `tools/list` entries being served (frozen). */
  list(): readonly Tool[] {
    return this.runtime.tables.tools.list();
  }
}
