import type { BoundDependency, ProviderRecord } from '../providers/provider-record';

/**
 * Tarjan's strongly connected components over bound dependencies (edges kept by `follow`).
 * Returns only the components that contain a cycle: more than one record, or a self-edge.
 */
export function cyclicComponents(records: readonly ProviderRecord[], follow: (dep: BoundDependency) => boolean): ProviderRecord[][] {
  const index = new Map<ProviderRecord, number>();
  const low = new Map<ProviderRecord, number>();
  const onStack = new Set<ProviderRecord>();
  const stack: ProviderRecord[] = [];
  const components: ProviderRecord[][] = [];
  let counter = 0;

  const targets = (r: ProviderRecord): ProviderRecord[] =>
    r.deps.filter((d) => d.target !== null && follow(d)).map((d) => d.target as ProviderRecord);

  const connect = (v: ProviderRecord): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of targets(v)) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: ProviderRecord[] = [];
      let w: ProviderRecord;
      do {
        w = stack.pop() as ProviderRecord;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || targets(v).includes(v)) components.push(component);
    }
  };

  for (const r of records) if (!index.has(r)) connect(r);
  return components;
}

/**
 * One concrete cycle inside a component, starting and ending at `start`: the records in
 * order and, for each step, the dependency taken. Breadth-first, so it is a shortest cycle.
 */
export function cycleThrough(
  start: ProviderRecord,
  members: ReadonlySet<ProviderRecord>,
  follow: (dep: BoundDependency) => boolean,
): { records: ProviderRecord[]; edges: BoundDependency[] } {
  const via = new Map<ProviderRecord, { from: ProviderRecord; dep: BoundDependency }>();
  const queue: ProviderRecord[] = [start];
  for (let head = 0; head < queue.length; head++) {
    const from = queue[head];
    for (const dep of from.deps) {
      const to = dep.target;
      if (!to || !follow(dep) || !members.has(to)) continue;
      if (to === start) return unwind(start, from, dep, via);
      if (!via.has(to)) {
        via.set(to, { from, dep });
        queue.push(to);
      }
    }
  }
  return { records: [start, start], edges: [] };
}

function unwind(
  start: ProviderRecord,
  last: ProviderRecord,
  closing: BoundDependency,
  via: Map<ProviderRecord, { from: ProviderRecord; dep: BoundDependency }>,
): { records: ProviderRecord[]; edges: BoundDependency[] } {
  const records: ProviderRecord[] = [start];
  const edges: BoundDependency[] = [closing];
  for (let r = last; r !== start; r = (via.get(r) as { from: ProviderRecord }).from) {
    records.unshift(r);
    edges.unshift((via.get(r) as { dep: BoundDependency }).dep);
  }
  records.unshift(start);
  return { records, edges };
}
