import type { ProviderRecord } from '../providers/provider-record';

/** The chain of records being resolved, innermost last; only read when an error is thrown. */
export interface PathNode {
  readonly record: ProviderRecord;
  readonly parent: PathNode | null;
}

/** `A -> B -> C` for a path node. */
export function pathText(node: PathNode | null): string {
  const labels: string[] = [];
  for (let n = node; n; n = n.parent) labels.unshift(n.record.label);
  return labels.join(' -> ');
}
