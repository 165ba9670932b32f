import type { Client, RequestOptions, StandardSchemaV1, Tool } from '@modelcontextprotocol/client';

/**
 * A result "schema" that takes the upstream's result as it is. The proxy does not re-parse
 * what it passes on (the downstream app shapes and encodes it, and its client validates it);
 * parsing every result with the SDK's zod schemas cost about a third of a proxied call's CPU.
 */
const PASS_THROUGH: StandardSchemaV1<unknown, Record<string, unknown>> = {
  '~standard': {
    version: 1,
    vendor: 'armature-proxy',
    validate: (value) =>
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? { value: value as Record<string, unknown> }
        : { issues: [{ message: 'the upstream result is not an object' }] },
  },
};

/**
 * `tools/call` for `tool`. A tool whose input schema declares `x-mcp-header` parameters goes
 * through `client.callTool` with its definition, which mirrors them into `Mcp-Param-*` headers
 * on 2026-07-28 (SEP-2243); the others go through the SDK's generic request with the result
 * taken as it is. The output schema is left out of the definition: the app checks structured
 * content downstream, and the SDK's check would also run on an `input_required` answer.
 */
export function callToolUpstream(
  client: Client,
  tool: Tool,
  params: Record<string, unknown>,
  options: RequestOptions,
): Promise<Record<string, unknown>> {
  if (declaresHeaders(tool)) {
    const { outputSchema: _checkedDownstream, ...definition } = tool;
    return client.callTool(params as { name: string }, { ...options, toolDefinition: definition }) as Promise<Record<string, unknown>>;
  }
  return client.request({ method: 'tools/call', params }, PASS_THROUGH, options);
}

const headerDeclarations = new WeakMap<Tool, boolean>();

function declaresHeaders(tool: Tool): boolean {
  let declares = headerDeclarations.get(tool);
  if (declares === undefined) {
    declares = JSON.stringify(tool.inputSchema).includes('"x-mcp-header"');
    headerDeclarations.set(tool, declares);
  }
  return declares;
}
