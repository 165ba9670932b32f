import { LocalErrorCode } from '../errors/local-error-codes';
import type { BootProblems } from './boot-problems';
import { compilePrompt, type CompiledPrompt } from './prompt.route';
import { compileResourceTemplate, type CompiledResourceTemplate } from './resource-template.route';
import { compileResource, type CompiledResource } from './resource.route';
import type { RouteEnvironment } from './route-environment';
import type { RouteSource } from './route-source';
import { templatesOverlap } from './template-matcher';
import { compileTool, type CompiledTool } from './tool.route';
import { toolNameProblem } from './tool-name';
import type { RouteTables } from './route-tables';

/** Routes compiled from one batch of sources. */
export interface CompiledRoutes {
  readonly tools: CompiledTool[];
  readonly prompts: CompiledPrompt[];
  readonly resources: CompiledResource[];
  readonly templates: CompiledResourceTemplate[];
}

type Narrow<K extends RouteSource['record']['kind']> = RouteSource & { readonly record: Extract<RouteSource['record'], { kind: K }> };

/** Keys a route table already holds. */
interface TakenKeys {
  has(key: string): boolean;
}

function claim(seen: Map<string, string>, taken: TakenKeys, key: string, owner: string, label: string, problems: BootProblems): boolean {
  const first = seen.get(key) ?? (taken.has(key) ? 'an already registered route' : undefined);
  if (first !== undefined) {
    problems.add(
      LocalErrorCode.DUPLICATE_NAME,
      `${label} ${JSON.stringify(key)} is declared by ${first} and by ${owner}; it must be unique per server (set a different name, or serve one of the modules under a prefix: mount(Module, { prefix })).`,
    );
    return false;
  }
  seen.set(key, owner);
  return true;
}

/** Names and URIs claimed so far in one batch, by kind. */
interface BatchNames {
  readonly tool: Map<string, string>;
  readonly prompt: Map<string, string>;
  readonly resource: Map<string, string>;
  readonly template: Map<string, string>;
}

/** Compiles one source into `out`; a problem is added to `problems` or thrown as an `ArmatureError`. */
function compileSource(
  source: RouteSource,
  env: RouteEnvironment,
  tables: RouteTables,
  names: BatchNames,
  out: CompiledRoutes,
  problems: BootProblems,
): void {
  const { record, owner } = source;
  switch (record.kind) {
    case 'tool': {
      const name = record.options.name ?? record.method;
      const why = toolNameProblem(name);
      if (why)
        return problems.add(
          LocalErrorCode.INVALID_TOOL_NAME,
          `${owner}: tool name ${JSON.stringify(name)} ${why}. Set a valid { name } (1–128 of A-Za-z0-9_.-).`,
        );
      if (claim(names.tool, tables.tools, name, owner, 'Tool name', problems)) out.tools.push(compileTool(source as Narrow<'tool'>, env));
      return;
    }
    case 'prompt': {
      const name = record.options.name ?? record.method;
      if (claim(names.prompt, tables.prompts, name, owner, 'Prompt name', problems))
        out.prompts.push(compilePrompt(source as Narrow<'prompt'>, env));
      return;
    }
    case 'resource':
      if (claim(names.resource, tables.resources, record.uri, owner, 'Resource URI', problems))
        out.resources.push(compileResource(source as Narrow<'resource'>, env));
      return;
    case 'resourceTemplate':
      if (claim(names.template, tables.templates, record.uriTemplate, owner, 'Resource template', problems)) {
        out.templates.push(compileResourceTemplate(source as Narrow<'resourceTemplate'>, env));
      }
      return;
  }
}

/**
 * Compiles a batch of route sources, checking names, uniqueness (within the batch and against
 * `tables`) and template overlap; every problem goes to `problems` so one run reports all.
 * One plain call per source (no closure per source: a boot compiles thousands).
 */
export function compileRoutes(
  sources: readonly RouteSource[],
  env: RouteEnvironment,
  tables: RouteTables,
  problems: BootProblems,
): CompiledRoutes {
  const out: CompiledRoutes = { tools: [], prompts: [], resources: [], templates: [] };
  const names: BatchNames = { tool: new Map(), prompt: new Map(), resource: new Map(), template: new Map() };
  for (let i = 0; i < sources.length; i++) {
    try {
      compileSource(sources[i] as RouteSource, env, tables, names, out, problems);
    } catch (error) {
      problems.caught(error);
    }
  }
  checkOverlaps(out.templates, tables.templates.allRoutes(), problems);
  return out;
}

function checkOverlaps(
  fresh: readonly CompiledResourceTemplate[],
  existing: readonly CompiledResourceTemplate[],
  problems: BootProblems,
): void {
  const all = [...existing, ...fresh];
  for (let i = existing.length; i < all.length; i++) {
    for (let j = 0; j < i; j++) {
      const a = all[j] as CompiledResourceTemplate;
      const b = all[i] as CompiledResourceTemplate;
      const example = templatesOverlap(a.matcher, b.matcher);
      if (example !== undefined) {
        problems.add(
          LocalErrorCode.AMBIGUOUS_TEMPLATE,
          `Resource templates "${a.uriTemplate}" (${a.source.owner}) and "${b.uriTemplate}" (${b.source.owner}) can both match the same URI${example ? ` (e.g. ${example})` : ''}; make them distinct, for example with a different literal prefix.`,
        );
      }
    }
  }
}
