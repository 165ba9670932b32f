import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Prompt, Resource, ResourceTemplate, ServerCapabilities, Tool } from '@modelcontextprotocol/sdk/types.js';

/** What a server advertises: capabilities and every list entry with its schemas, in a stable order. */
export interface Surface {
  readonly capabilities: ServerCapabilities;
  readonly instructions?: string;
  /** By name. */
  readonly tools: readonly Tool[];
  /** By URI. */
  readonly resources: readonly Resource[];
  /** By URI template. */
  readonly resourceTemplates: readonly ResourceTemplate[];
  /** By name. */
  readonly prompts: readonly Prompt[];
}

async function allPages<T>(fetch: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string | undefined }>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetch(cursor);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return items;
}

const byKey =
  <T>(key: (item: T) => string) =>
  (a: T, b: T): number =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
const cursorParam = (cursor: string | undefined): { cursor?: string } => (cursor === undefined ? {} : { cursor });

/**
 * Reads the advertised surface through `client`: every page of `tools/list`,
 * `resources/list`, `resources/templates/list` and `prompts/list` (each only when the server
 * declares the capability), sorted so the result does not depend on registration order.
 */
export async function collectSurface(client: Client): Promise<Surface> {
  const capabilities = client.getServerCapabilities() ?? {};
  const instructions = client.getInstructions();
  const tools = capabilities.tools
    ? await allPages(async (c) => client.listTools(cursorParam(c)).then((r) => ({ items: r.tools, nextCursor: r.nextCursor })))
    : [];
  const resources = capabilities.resources
    ? await allPages(async (c) => client.listResources(cursorParam(c)).then((r) => ({ items: r.resources, nextCursor: r.nextCursor })))
    : [];
  const resourceTemplates = capabilities.resources
    ? await allPages(async (c) =>
        client.listResourceTemplates(cursorParam(c)).then((r) => ({ items: r.resourceTemplates, nextCursor: r.nextCursor })),
      )
    : [];
  const prompts = capabilities.prompts
    ? await allPages(async (c) => client.listPrompts(cursorParam(c)).then((r) => ({ items: r.prompts, nextCursor: r.nextCursor })))
    : [];
  return {
    capabilities,
    ...(instructions === undefined ? {} : { instructions }),
    tools: tools.sort(byKey((t) => t.name)),
    resources: resources.sort(byKey((r) => r.uri)),
    resourceTemplates: resourceTemplates.sort(byKey((t) => t.uriTemplate)),
    prompts: prompts.sort(byKey((p) => p.name)),
  };
}
