import type { ArmatureError } from '../errors/armature-error';
import { diError } from '../errors/di-error';
import { normalizeProvider } from '../providers/normalize-provider';
import { ProviderRecord } from '../providers/provider-record';
import { tokenName, type Token } from '../tokens/token';
import type { ModuleNode } from './module-node';

/**
 * Registers every module's providers and handlers as records, in module order then declared
 * order. A provider in `overrides` with the same token replaces the declared one wherever it
 * is declared (the module keeps owning and exporting it). A handler class that is also in the
 * same module's providers is one record, marked as a handler.
 */
export function registerProviders(
  nodes: readonly ModuleNode[],
  overrides: ReadonlyMap<Token, unknown>,
  problems: ArmatureError[],
): ProviderRecord[] {
  let nextId = 0;
  for (const node of nodes) {
    const add = (entry: unknown, where: string, handler: boolean): void => {
      const token = tokenOf(entry);
      const existing = token === undefined ? undefined : node.providers.get(token);
      if (handler && existing) {
        markHandler(node, existing);
        return;
      }
      const chosen = token !== undefined && overrides.has(token) ? overrides.get(token) : entry;
      const record = normalizeProvider(chosen, where, node, nextId++);
      if (!(record instanceof ProviderRecord)) {
        problems.push(record);
        return;
      }
      node.providers.set(record.token, record);
      if (handler) markHandler(node, record);
    };
    (node.metadata.providers ?? []).forEach((entry, i) => add(entry, `providers[${i}] of ${node.name}`, false));
    (node.metadata.handlers ?? []).forEach((entry, i) => {
      const where = `handlers[${i}] of ${node.name}`;
      if (typeof entry === 'function') add(entry, where, true);
      else problems.push(diError('ARM_ERR_INVALID_PROVIDER', `${where} is ${tokenName(entry)}; handlers must be classes.`));
    });
  }
  return nodes.flatMap((node) => [...node.providers.values()]);
}

function markHandler(node: ModuleNode, record: ProviderRecord): void {
  if (record.handler) return;
  record.handler = true;
  node.handlers.push(record);
}

/** The token an entry provides, if it has a usable one. */
function tokenOf(entry: unknown): Token | undefined {
  if (typeof entry === 'function') return entry as Token;
  if (entry !== null && typeof entry === 'object' && 'provide' in entry) {
    const provide = (entry as { provide: unknown }).provide;
    return provide === undefined || provide === null ? undefined : (provide as Token);
  }
  return undefined;
}
