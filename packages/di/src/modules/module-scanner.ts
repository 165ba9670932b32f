import { moduleMetadata } from './module-metadata';
import type { ArmatureError } from '../errors/armature-error';
import { diError } from '../errors/di-error';
import { isForwardRef } from '../tokens/forward-ref';
import { tokenName } from '../tokens/token';
import { ModuleNode } from './module-node';
import type { DynamicModule, ModuleClass, ModuleMetadata } from './module.types';

/** The module graph reached from a root: nodes in discovery order plus what went wrong. */
export interface ScannedModules {
  /** Depth-first, root first, imports in declared order; each module once. */
  readonly nodes: readonly ModuleNode[];
  readonly problems: readonly ArmatureError[];
}

/**
 * Walks `imports` from the root. A module class is one node however often it is imported; a
 * dynamic module object is one node per distinct object. Import cycles between modules are
 * allowed (each node is visited once).
 */
export function scanModules(root: unknown): ScannedModules {
  const nodes: ModuleNode[] = [];
  const problems: ArmatureError[] = [];
  const byKey = new Map<unknown, ModuleNode>();

  const visit = (entry: unknown, where: string): ModuleNode | undefined => {
    const resolved = isForwardRef(entry) ? entry.forwardRef() : entry;
    const known = byKey.get(resolved);
    if (known) return known;
    const shape = moduleShape(resolved);
    if (typeof shape === 'string') {
      problems.push(diError('ARM_ERR_INVALID_MODULE', `${where} ${shape}`));
      return undefined;
    }
    const node = new ModuleNode(nodes.length, resolved as ModuleClass | DynamicModule, shape.type, shape.metadata);
    byKey.set(resolved, node);
    nodes.push(node);
    (shape.metadata.imports ?? []).forEach((imported, i) => {
      const child = visit(imported, `imports[${i}] of ${node.name}`);
      if (child) node.imports.push(child);
    });
    return node;
  };

  visit(root, 'the root module');
  return { nodes, problems };
}

/** The class and merged metadata of a module entry, or why it is not a module. */
function moduleShape(entry: unknown): { type: ModuleClass; metadata: ModuleMetadata } | string {
  if (entry === undefined || entry === null) {
    return (
      `is ${String(entry)}. This usually means a circular import between module files: ` + 'write imports: [forwardRef(() => TheModule)].'
    );
  }
  if (typeof entry === 'function') {
    const metadata = moduleMetadata(entry);
    if (metadata) return { type: entry as ModuleClass, metadata };
    return `is ${entry.name || 'an anonymous class'}, which is not a module: add @Module({ … }) to it, or list it in providers if it is a provider.`;
  }
  if (typeof entry === 'object' && typeof (entry as Partial<DynamicModule>).module === 'function') {
    const dynamic = entry as DynamicModule;
    return { type: dynamic.module, metadata: mergeDynamic(moduleMetadata(dynamic.module) ?? {}, dynamic) };
  }
  return `is ${tokenName(entry)}, which is not a module: expected a class with @Module or a dynamic module { module, … }.`;
}

/** A dynamic module's lists add to its class's `@Module` lists; its `global` wins when given. */
function mergeDynamic(base: ModuleMetadata, dynamic: DynamicModule): ModuleMetadata {
  return {
    imports: [...(base.imports ?? []), ...(dynamic.imports ?? [])],
    providers: [...(base.providers ?? []), ...(dynamic.providers ?? [])],
    exports: [...(base.exports ?? []), ...(dynamic.exports ?? [])],
    handlers: [...(base.handlers ?? []), ...(dynamic.handlers ?? [])],
    global: dynamic.global ?? base.global,
  };
}
