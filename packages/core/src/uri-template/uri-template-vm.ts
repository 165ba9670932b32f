import { Inst, type Program } from './uri-template-program';
import type { WorkCounter } from './uri-normalizer';

const CHAR = Inst.Char;
const CLASS = Inst.Class;
const SPLIT = Inst.Split;
const JMP = Inst.Jmp;
const SAVE = Inst.Save;

/**
 * Capture slots, -1 until set. Plain arrays: copied on every SAVE, and small arrays copy
 * far faster than typed arrays are created.
 */
export type Captures = number[];

/**
 * Runs the automaton over the whole input (anchored at both ends) as a Pike VM: all
 * alternatives advance together, one character at a time, and at most one thread per
 * instruction survives each step — the one with the highest priority, so the captures
 * are those a backtracking matcher would report, without ever backtracking. Work is at
 * most 2 × program size per input character: linear in the URI for a given template,
 * whatever the URI holds. Returns the capture slots of the match, or `null`.
 */
export function runProgram(prog: Program, input: string, counter?: WorkCounter): Captures | null {
  const vm = new PikeVm(prog);
  const { op, a, tables } = prog;
  const m = prog.size;
  let cPcs = new Int32Array(m);
  let cCaps: Captures[] = new Array<Captures>(m);
  let nPcs = new Int32Array(m);
  let nCaps: Captures[] = new Array<Captures>(m);
  const initial: Captures = [];
  for (let i = 0; i < prog.slotCount; i++) initial.push(-1);
  let cCount = vm.add(cPcs, cCaps, 0, 0, initial, 0);
  const n = input.length;
  let result: Captures | null = null;
  for (let pos = 0; pos <= n && cCount > 0; pos++) {
    const c = pos < n ? input.charCodeAt(pos) : -1;
    let nCount = 0;
    for (let t = 0; t < cCount; t++) {
      const pc = cPcs[t];
      vm.steps++;
      const o = op[pc];
      if (o === CHAR) {
        if (c === a[pc]) nCount = vm.add(nPcs, nCaps, nCount, pc + 1, cCaps[t], pos + 1);
      } else if (o === CLASS) {
        if (c >= 0 && c < 128 && tables[a[pc]][c] === 1) nCount = vm.add(nPcs, nCaps, nCount, pc + 1, cCaps[t], pos + 1);
      } else if (pos === n) {
        // MATCH counts only at the end; the first thread there has the highest priority.
        result = cCaps[t];
        break;
      }
    }
    const pcs = cPcs;
    cPcs = nPcs;
    nPcs = pcs;
    const caps = cCaps;
    cCaps = nCaps;
    nCaps = caps;
    cCount = nCount;
  }
  if (counter) counter.steps += vm.steps;
  return result;
}

/** The epsilon-closure machinery, with its scratch space allocated once per run. */
class PikeVm {
  steps = 0;
  private readonly marks: Int32Array;
  // Each instruction is expanded at most once per step and pushes at most two entries.
  private readonly stackPc: Int32Array;
  private readonly stackCaps: Captures[];

  constructor(private readonly prog: Program) {
    this.marks = new Int32Array(prog.size);
    this.stackPc = new Int32Array(2 * prog.size + 2);
    this.stackCaps = new Array<Captures>(2 * prog.size + 2);
  }

  /**
   * Follows SPLIT/JMP/SAVE from `pc0` depth-first in priority order and appends the
   * consuming (or MATCH) instructions reached to the list; returns its new length. A mark
   * per position stops a second, lower-priority visit of the same instruction.
   */
  add(pcs: Int32Array, caps: Captures[], count: number, pc0: number, caps0: Captures, pos: number): number {
    const { op, a, b } = this.prog;
    const { marks, stackPc, stackCaps } = this;
    const mark = pos + 1;
    let n = count;
    let sp = 0;
    stackPc[sp] = pc0;
    stackCaps[sp++] = caps0;
    while (sp > 0) {
      const pc = stackPc[--sp];
      const cur = stackCaps[sp];
      if (marks[pc] === mark) continue;
      marks[pc] = mark;
      this.steps++;
      const o = op[pc];
      if (o === SPLIT) {
        stackPc[sp] = b[pc];
        stackCaps[sp++] = cur;
        stackPc[sp] = a[pc];
        stackCaps[sp++] = cur;
      } else if (o === JMP) {
        stackPc[sp] = a[pc];
        stackCaps[sp++] = cur;
      } else if (o === SAVE) {
        const next = cur.slice();
        next[a[pc]] = pos;
        stackPc[sp] = pc + 1;
        stackCaps[sp++] = next;
      } else {
        pcs[n] = pc;
        caps[n++] = cur;
      }
    }
    return n;
  }
}
