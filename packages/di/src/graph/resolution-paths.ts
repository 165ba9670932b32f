import type { ProviderRecord } from '../providers/provider-record';

/** How each record was first reached from a root, so messages can print the whole path. */
export class ResolutionPaths {
  /** Every record, in the order a depth-first walk from the roots first reaches it. */
  readonly order: ProviderRecord[] = [];
  private readonly parent = new Map<ProviderRecord, ProviderRecord | null>();

  /**
   * Roots are walked in the given order (the container passes handlers first, then every
   * provider), so a provider needed by a handler is described from that handler.
   */
  constructor(roots: readonly ProviderRecord[]) {
    for (const root of roots) {
      if (this.parent.has(root)) continue;
      this.parent.set(root, null);
      this.walk(root);
    }
  }

  /** Labels from the root to `record`, inclusive. */
  pathTo(record: ProviderRecord): string[] {
    const labels: string[] = [];
    for (let r: ProviderRecord | null | undefined = record; r; r = this.parent.get(r)) labels.push(r.label);
    return labels.reverse();
  }

  private walk(start: ProviderRecord): void {
    const stack: { record: ProviderRecord; next: number }[] = [{ record: start, next: 0 }];
    this.order.push(start);
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      if (top.next >= top.record.deps.length) {
        stack.pop();
        continue;
      }
      const target = top.record.deps[top.next++].target;
      if (target && !this.parent.has(target)) {
        this.parent.set(target, top.record);
        this.order.push(target);
        stack.push({ record: target, next: 0 });
      }
    }
  }
}
