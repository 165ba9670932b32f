import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** What a server card is made of: the `server.json` `armature build` wrote and the manifest beside it. */
export interface ServerCardSource {
  /** The `server.json` file read. */
  readonly file: string;
  readonly serverJson: Readonly<Record<string, unknown>>;
  readonly primitives: CardPrimitives;
}

/** The tools, resources, templates and prompts of the manifest, as listed on the card. */
export interface CardPrimitives {
  readonly tools: readonly CardEntry[];
  readonly resources: readonly CardEntry[];
  readonly resourceTemplates: readonly CardEntry[];
  readonly prompts: readonly CardEntry[];
}

/** One listed primitive: its name (tools, prompts) or URI (resources) or URI template, and its description. */
export type CardEntry = Readonly<Record<string, string>>;

/** How many folders up from the entry script `server.json` is looked for. */
const MAX_PARENT_STEPS = 4;

/**
 * Reads `server.json` (the file given, or the nearest one above the entry script, where
 * `armature build` writes it beside `armature.manifest.json`) and the manifest beside it.
 * Throws, saying what to run, when there is none: the option was asked for explicitly.
 */
export function readServerCardSource(file?: string): ServerCardSource {
  const found = file === undefined ? findServerJson() : resolve(file);
  if (found === undefined || !existsSync(found))
    throw new Error(
      `@armature/http: experimentalServerCard needs the server.json armature build writes (${found ?? 'none found above the entry script'}); add an "armature": { "registry": { "name": … } } section to package.json and run armature build, or pass { serverJson: '<file>' }`,
    );
  const serverJson = parseObject(found);
  const manifestFile = join(dirname(found), 'armature.manifest.json');
  const primitives = existsSync(manifestFile) ? primitivesOf(parseObject(manifestFile)) : EMPTY;
  return { file: found, serverJson, primitives };
}

const EMPTY: CardPrimitives = { tools: [], resources: [], resourceTemplates: [], prompts: [] };

function findServerJson(): string | undefined {
  const entry = require.main?.filename;
  let dir = entry === undefined ? process.cwd() : dirname(entry);
  for (let step = 0; step <= MAX_PARENT_STEPS; step++) {
    const candidate = join(dir, 'server.json');
    if (existsSync(join(dir, 'armature.manifest.json')) && existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}

function parseObject(file: string): Record<string, unknown> {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (!isRecord(parsed)) throw new Error(`@armature/http: ${file} is not a JSON object`);
  return parsed;
}

/** Names, URIs and descriptions of the manifest's entries (schemas stay out: clients list them at run time). */
function primitivesOf(manifest: Record<string, unknown>): CardPrimitives {
  const tools: CardEntry[] = [];
  const resources: CardEntry[] = [];
  const resourceTemplates: CardEntry[] = [];
  const prompts: CardEntry[] = [];
  const handlers = isRecord(manifest.handlers) ? manifest.handlers : {};
  for (const handler of Object.values(handlers)) {
    const methods = isRecord(handler) && isRecord(handler.methods) ? handler.methods : {};
    for (const [method, entry] of Object.entries(methods)) {
      if (!isRecord(entry)) continue;
      const description: Record<string, string> = typeof entry.description === 'string' ? { description: entry.description } : {};
      const name = typeof entry.name === 'string' ? entry.name : method;
      const uri = typeof entry.uri === 'string' ? entry.uri : undefined;
      if (entry.kind === 'tool') tools.push({ name, ...description });
      else if (entry.kind === 'prompt') prompts.push({ name, ...description });
      else if (entry.kind === 'resource' && uri !== undefined) resources.push({ uri, ...description });
      else if (entry.kind === 'resourceTemplate' && uri !== undefined) resourceTemplates.push({ uriTemplate: uri, ...description });
    }
  }
  return { tools, resources, resourceTemplates, prompts };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
