import type { JsonSchema } from '../metadata/handler-metadata.types';
import { searchTokens } from './search-tokens';

/** What tool search reads of one tool. */
export interface SearchableTool {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  /** The input schema: its top-level property names and their descriptions are indexed. */
  readonly inputSchema?: JsonSchema;
  /** Parameter docs the manifest keeps beside the schema (`@param` of a positional parameter). */
  readonly paramDocs?: readonly { readonly name: string; readonly description?: string }[];
}

/**
 * How much a word counts by where it stands: a tool's name says most about what it does, then
 * its title, then its description and its parameters' names and docs.
 */
export const FIELD_WEIGHTS = Object.freeze({ name: 3, title: 2, description: 1, parameter: 1 });

/** A tool as BM25 sees it: weighted term frequencies and the weighted length. */
export interface ToolTerms {
  readonly terms: Map<string, number>;
  readonly length: number;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The weighted terms of a tool (names, title, description, parameter names and docs). */
export function toolTerms(tool: SearchableTool): ToolTerms {
  const terms = new Map<string, number>();
  let length = 0;
  const add = (text: string | undefined, weight: number): void => {
    if (typeof text !== 'string' || text === '') return;
    for (const token of searchTokens(text)) {
      terms.set(token, (terms.get(token) ?? 0) + weight);
      length += weight;
    }
  };
  add(tool.name, FIELD_WEIGHTS.name);
  add(tool.title, FIELD_WEIGHTS.title);
  add(tool.description, FIELD_WEIGHTS.description);
  const documented = new Set<string>();
  const properties = isObject(tool.inputSchema) ? tool.inputSchema.properties : undefined;
  if (isObject(properties)) {
    for (const [name, property] of Object.entries(properties)) {
      add(name, FIELD_WEIGHTS.parameter);
      if (!isObject(property)) continue;
      for (const key of ['title', 'description'] as const) {
        const text = property[key];
        if (typeof text === 'string') {
          add(text, FIELD_WEIGHTS.parameter);
          documented.add(name);
        }
      }
    }
  }
  for (const param of tool.paramDocs ?? []) if (!documented.has(param.name)) add(param.description, FIELD_WEIGHTS.parameter);
  return { terms, length };
}
