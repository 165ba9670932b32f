import type { ArmatureError } from '../errors/armature-error';
import { throwProblems } from '../errors/di-error';
import { bindingProblems } from '../graph/binding-problems';
import { checkCycles } from '../graph/cycle-check';
import { bindDependencies } from '../graph/dependency-binder';
import { ResolutionPaths } from '../graph/resolution-paths';
import { checkScopes } from '../graph/scope-check';
import type { ModuleNode } from '../modules/module-node';
import { registerProviders } from '../modules/module-providers';
import { scanModules } from '../modules/module-scanner';
import { computeVisibility, resolveExports } from '../modules/module-visibility';
import type { ProviderRecord } from '../providers/provider-record';
import type { Token } from '../tokens/token';
import type { ContainerOptions } from './container.types';

/** The checked graph a container runs on. */
export interface Graph {
  /** Depth-first from the root, root first. */
  readonly nodes: readonly ModuleNode[];
  readonly records: readonly ProviderRecord[];
}

/**
 * Scans the modules from `root`, registers and binds every provider, and checks the whole
 * graph. Throws every problem found in one error (or the single problem itself).
 */
export function buildGraph(root: unknown, options: ContainerOptions): Graph {
  const problems: ArmatureError[] = [];
  const scanned = scanModules(root);
  problems.push(...scanned.problems);
  const nodes = scanned.nodes;
  const overrides = new Map<Token, unknown>();
  for (const p of options.overrides ?? []) overrides.set(typeof p === 'function' ? p : p.provide, p);
  const records = registerProviders(nodes, overrides, problems);
  resolveExports(nodes, problems);
  computeVisibility(nodes);
  bindDependencies(records);
  // Walk from handlers, then from providers nothing depends on, so each path starts at a real top.
  const needed = new Set(records.flatMap((r) => r.deps.map((d) => d.target)));
  const tops = records.filter((r) => !needed.has(r));
  const paths = new ResolutionPaths([...nodes.flatMap((n) => n.handlers), ...tops, ...records]);
  problems.push(...bindingProblems(paths, records), ...checkCycles(records, paths), ...checkScopes(records, paths));
  throwProblems(problems);
  return { nodes, records };
}
