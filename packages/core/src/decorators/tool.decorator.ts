import { recordHandlerMethod } from '../metadata/handler-metadata';
import type { ToolOptions } from '../metadata/handler-metadata.types';
import type { Tool as WireTool } from '../wire/mcp-types.generated';

/**
 * Serves the method as an MCP tool. Its input schema comes from the parameter types (via
 * `armature build`), its output schema from the return type; `options` gives every other
 * field of the spec's `Tool` and may override either schema.
 *
 * @example
 * ```ts
 * @Tool({ annotations: { readOnlyHint: true } })
 * search(query: string, ctx: RequestContext): Promise<Note[]> { … }
 * ```
 */
export function Tool(options: ToolOptions = {}): MethodDecorator {
  return (target, propertyKey, descriptor) => {
    recordHandlerMethod('Tool', target, propertyKey, (method) => ({ kind: 'tool', method, options }), descriptor);
  };
}

/**
 * The spec's wire shape of a tool as `tools/list` sends it. Declared beside the decorator so that `Tool` names
 * both: the decorator as a value, the wire type as a type.
 */
export type Tool = WireTool;
