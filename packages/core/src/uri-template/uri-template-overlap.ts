import { Inst, type Program } from './uri-template-program';

/** Characters tried, in order, when building an example URI: readable ones first. */
const PREFERRED = Array.from(
  'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-._~' +
    String.fromCharCode(...Array.from({ length: 94 }, (_, i) => 0x21 + i)),
  (ch) => ch.charCodeAt(0),
).filter((c, i, all) => all.indexOf(c) === i);

/**
 * The shortest URI (in normalized form) that both automata accept, or `null` when their
 * languages are disjoint. A breadth-first search over pairs of states of the two
 * automata (the product automaton): both consume the same character at each step.
 * Exact for what the automata decide — the shape of the URI, literal text and which
 * characters each value may hold — and blind to what is checked after the automaton
 * (prefix lengths, repeated variables, query-parameter names, value safety), so it may
 * report an overlap those checks would have separated, but never misses one.
 * Cost: at most |A| × |B| states, each trying the 94 printable characters.
 */
export function findOverlap(pa: Program, pb: Program): string | null {
  const closeA = closures(pa);
  const closeB = closures(pb);
  const mb = pb.size;
  const parent = new Int32Array(pa.size * mb).fill(-2);
  const via = new Uint8Array(pa.size * mb);
  const queue: number[] = [];
  for (const x of closeA(0)) for (const y of closeB(0)) visit(x * mb + y, -1, 0);
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head];
    const x = Math.floor(state / mb);
    const y = state % mb;
    if (pa.op[x] === Inst.Match && pb.op[y] === Inst.Match) return witness(state);
    if (pa.op[x] === Inst.Match || pb.op[y] === Inst.Match) continue;
    const c = PREFERRED.find((code) => accepts(pa, x, code) && accepts(pb, y, code));
    if (c === undefined) continue;
    for (const nx of closeA(x + 1)) for (const ny of closeB(y + 1)) visit(nx * mb + ny, state, c);
  }
  return null;

  function visit(state: number, from: number, c: number): void {
    if (parent[state] !== -2) return;
    parent[state] = from;
    via[state] = c;
    queue.push(state);
  }

  function witness(state: number): string {
    const chars: number[] = [];
    for (let s = state; parent[s] !== -1; s = parent[s]) chars.push(via[s]);
    return String.fromCharCode(...chars.reverse());
  }
}

function accepts(p: Program, pc: number, code: number): boolean {
  if (p.op[pc] === Inst.Char) return p.a[pc] === code;
  return p.op[pc] === Inst.Class && p.tables[p.a[pc]][code] === 1;
}

/** Per instruction, memoized: the consuming or MATCH instructions reachable without consuming. */
function closures(p: Program): (pc: number) => readonly number[] {
  const memo = new Map<number, number[]>();
  return (pc) => {
    let c = memo.get(pc);
    if (!c) memo.set(pc, (c = closure(p, pc)));
    return c;
  };
}

function closure(p: Program, start: number): number[] {
  const out: number[] = [];
  const seen = new Uint8Array(p.size);
  const stack = [start];
  while (stack.length > 0) {
    const pc = stack.pop() as number;
    if (pc >= p.size || seen[pc]) continue;
    seen[pc] = 1;
    const op = p.op[pc];
    if (op === Inst.Split) stack.push(p.b[pc], p.a[pc]);
    else if (op === Inst.Jmp) stack.push(p.a[pc]);
    else if (op === Inst.Save) stack.push(pc + 1);
    else out.push(pc);
  }
  return out;
}
