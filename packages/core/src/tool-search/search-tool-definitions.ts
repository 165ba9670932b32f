import type { RequestContext } from '../context/request-context';
import { quotedEcho } from '../errors/client-text';
import type { JsonSchema } from '../metadata/handler-metadata.types';
import type { ToolDefinition } from '../registries/route-definitions';
import { ToolError } from '../results/tool-error';
import type { ToolSearch } from './tool-search';
import { CALL_TOOL_NAME, SEARCH_TOOL_NAME } from './tool-search-options';

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** What `search_tools` answers: the found tools as `tools/list` would show them. */
const SEARCH_OUTPUT: JsonSchema = {
  $schema: DIALECT,
  type: 'object',
  properties: {
    tools: {
      type: 'array',
      description: 'The tools found, best match first, each with the schemas a call needs.',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          title: { type: 'string' },
          description: { type: 'string' },
          inputSchema: { type: 'object' },
          outputSchema: { type: 'object' },
        },
        required: ['name', 'inputSchema'],
      },
    },
  },
  required: ['tools'],
};

/**
 * The two tools of search mode. Their schemas are written here because they are the
 * framework's own, sized by the app's options (the query's length, the largest `limit`).
 */
export function searchToolDefinitions(search: ToolSearch): ToolDefinition[] {
  const { maxQueryLength, maxResults, defaultResults } = search.options;
  const searchTools: ToolDefinition = {
    name: SEARCH_TOOL_NAME,
    title: 'Search tools',
    description:
      'Find the tools of this server that fit a task. Returns the best matches with their full definitions ' +
      `(name, description, input and output schemas); call one with ${CALL_TOOL_NAME} or directly by its name.`,
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    inputSchema: {
      $schema: DIALECT,
      type: 'object',
      properties: {
        query: {
          type: 'string',
          maxLength: maxQueryLength,
          description: 'What you want to do, in a few words (e.g. "weather forecast for a city").',
        },
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: maxResults,
          description: `How many tools to return at most (default ${defaultResults}).`,
        },
      },
      required: ['query'],
      additionalProperties: false,
    },
    outputSchema: SEARCH_OUTPUT,
    handler: (args: Record<string, unknown>, ctx: RequestContext) => {
      const limit = typeof args.limit === 'number' ? args.limit : defaultResults;
      return { tools: search.search(args.query as string, limit, ctx.authInfo) };
    },
  };
  const callTool: ToolDefinition = {
    name: CALL_TOOL_NAME,
    title: 'Call a tool',
    description: `Call a tool found with ${SEARCH_TOOL_NAME}, by its name, with arguments that match its input schema. Returns that tool's result.`,
    inputSchema: {
      $schema: DIALECT,
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 128, description: `The tool's name, as ${SEARCH_TOOL_NAME} returned it.` },
        arguments: { type: 'object', description: "The tool's arguments (default: none)." },
      },
      required: ['name'],
      additionalProperties: false,
    },
    // The called tool spends the app-wide rate limit itself: a call through here is not counted twice.
    rateLimit: false,
    handler: (args: Record<string, unknown>, ctx: RequestContext) => {
      const name = args.name as string;
      if (name === SEARCH_TOOL_NAME || name === CALL_TOOL_NAME)
        throw new ToolError(`${CALL_TOOL_NAME} calls the tools ${SEARCH_TOOL_NAME} finds, not ${quotedEcho(name)}.`);
      const route = search.visible(name, ctx.authInfo);
      if (route === undefined)
        throw new ToolError(`No tool named ${quotedEcho(name)} is available; ${SEARCH_TOOL_NAME} lists the tools you can call.`);
      if (route.taskSupport === 'required')
        throw new ToolError(
          `Tool ${quotedEcho(name)} runs as a task: call it directly (tools/call with a task), not through ${CALL_TOOL_NAME}.`,
        );
      return route.call((args.arguments ?? {}) as Record<string, unknown>, ctx);
    },
  };
  return [searchTools, callTool];
}
