import { moduleMetadata } from './module-metadata';
import type { ArmatureError } from '../errors/armature-error';
import { diError } from '../errors/di-error';
import type { ProviderRecord } from '../providers/provider-record';
import { isForwardRef } from '../tokens/forward-ref';
import { isToken, tokenName, type Token } from '../tokens/token';
import type { ModuleNode } from './module-node';

/**
 * Checks each module's `exports`: a token must be one of its own providers; a module must be
 * one it imports (re-export). Anything else is `ARM_ERR_UNKNOWN_EXPORT`.
 */
export function resolveExports(nodes: readonly ModuleNode[], problems: ArmatureError[]): void {
  for (const node of nodes) {
    (node.metadata.exports ?? []).forEach((raw, i) => {
      const entry: unknown = isForwardRef(raw) ? raw.forwardRef() : raw;
      const where = `exports[${i}] of ${node.name}`;
      const modules = node.imports.filter((m) => m.source === entry || m.type === entry);
      if (modules.length > 0) {
        node.exportModules.push(...modules);
      } else if (isToken(entry) && node.providers.has(entry)) {
        node.exportTokens.push(entry);
      } else {
        problems.push(diError('ARM_ERR_UNKNOWN_EXPORT', unknownExport(node, where, entry)));
      }
    });
  }
}

function unknownExport(node: ModuleNode, where: string, entry: unknown): string {
  const isModule = moduleMetadata(entry) !== undefined || (typeof entry === 'object' && entry !== null && 'module' in entry);
  if (isModule) {
    const name = typeof entry === 'function' ? entry.name : tokenName((entry as { module: unknown }).module);
    return `${where} is the module ${name}, which ${node.name} does not import. Add ${name} to the imports of ${node.name}, or remove it from its exports.`;
  }
  if (!isToken(entry)) return `${where} is ${tokenName(entry)}, which is neither a token nor a module.`;
  return (
    `${where} is ${tokenName(entry)}, which ${node.name} does not provide. Add it to the providers of ${node.name}, ` +
    'or import the module that exports it and export that module.'
  );
}

/**
 * Computes what each module can inject: its own providers first, then what its imports
 * export (in import order), then what global modules export. A module's exports include
 * those of the modules it re-exports.
 */
export function computeVisibility(nodes: readonly ModuleNode[]): void {
  const exported = new Map<ModuleNode, Map<Token, ProviderRecord>>();
  const exportsOf = (node: ModuleNode, seen: Set<ModuleNode>): Map<Token, ProviderRecord> => {
    const done = exported.get(node);
    if (done) return done;
    const map = new Map<Token, ProviderRecord>();
    seen.add(node);
    for (const token of node.exportTokens) map.set(token, node.providers.get(token) as ProviderRecord);
    for (const m of node.exportModules) {
      if (seen.has(m)) continue; // a re-export cycle between modules adds nothing new
      for (const [token, record] of exportsOf(m, seen)) if (!map.has(token)) map.set(token, record);
    }
    seen.delete(node);
    if (seen.size === 0) exported.set(node, map);
    return map;
  };
  const globals = nodes.filter((n) => n.info.global);
  for (const node of nodes) {
    const visible = new Map<Token, ProviderRecord>();
    for (const source of [...node.imports, ...globals.filter((g) => g !== node)]) {
      for (const [token, record] of exportsOf(source, new Set())) if (!visible.has(token)) visible.set(token, record);
    }
    for (const [token, record] of node.providers) visible.set(token, record);
    node.visible = visible;
  }
}
