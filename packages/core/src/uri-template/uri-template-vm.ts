import { Inst, type Program } from './uri-template-program';
import type { WorkCounter } from './uri-normalizer';

const CHAR = Inst.Char;
const CLASS = Inst.Class;
const SPLIT = Inst.Split;
const JMP = Inst.Jmp;
const SAVE = Inst.Save;
const MATCH = Inst.Match;

/** Live threads for one input position, in priority order. */
interface ThreadList {
  readonly pcs: Int32Array;
  readonly caps: (Int32Array | undefined)[];
  count: number;
}

/**
 * Runs the automaton over the whole input (anchored at both ends) as a Pike VM: all
 * alternatives advance together, one character at a time, and at most one thread per
 * instruction survives each step — the one with the highest priority, so the captures
 * are those a backtracking matcher would report, without ever backtracking. Work is at
 * most 2 × program size per input character: linear in the URI for a given template,
 * whatever the URI holds. Returns the capture slots of the match, or `null`.
 */
export function runProgram(prog: Program, input: string, counter?: WorkCounter): Int32Array | null {
  const m = prog.size;
  const { op, a, b, tables } = prog;
  const marks = new Int32Array(m);
  // Each instruction is expanded at most once per step and pushes at most two entries.
  const stackPc = new Int32Array(2 * m + 2);
  const stackCaps: Int32Array[] = new Array<Int32Array>(2 * m + 2);
  let clist: ThreadList = { pcs: new Int32Array(m), caps: new Array<Int32Array | undefined>(m), count: 0 };
  let nlist: ThreadList = { pcs: new Int32Array(m), caps: new Array<Int32Array | undefined>(m), count: 0 };
  let steps = 0;

  // Follows SPLIT/JMP/SAVE from `pc0` depth-first in priority order and queues the
  // consuming (or MATCH) instructions reached. `mark` stops a second, lower-priority visit.
  const addThread = (list: ThreadList, pc0: number, caps0: Int32Array, pos: number): void => {
    const mark = pos + 1;
    let sp = 0;
    stackPc[sp] = pc0;
    stackCaps[sp++] = caps0;
    while (sp > 0) {
      const pc = stackPc[--sp];
      const caps = stackCaps[sp];
      if (marks[pc] === mark) continue;
      marks[pc] = mark;
      steps++;
      switch (op[pc]) {
        case JMP:
          stackPc[sp] = a[pc];
          stackCaps[sp++] = caps;
          break;
        case SPLIT:
          stackPc[sp] = b[pc];
          stackCaps[sp++] = caps;
          stackPc[sp] = a[pc];
          stackCaps[sp++] = caps;
          break;
        case SAVE: {
          const next = caps.slice();
          next[a[pc]] = pos;
          stackPc[sp] = pc + 1;
          stackCaps[sp++] = next;
          break;
        }
        default:
          list.pcs[list.count] = pc;
          list.caps[list.count++] = caps;
      }
    }
  };

  const n = input.length;
  addThread(clist, 0, new Int32Array(prog.slotCount).fill(-1), 0);
  let result: Int32Array | null = null;
  for (let pos = 0; pos <= n && clist.count > 0; pos++) {
    const c = pos < n ? input.charCodeAt(pos) : -1;
    for (let t = 0; t < clist.count; t++) {
      const pc = clist.pcs[t];
      const caps = clist.caps[t] as Int32Array;
      steps++;
      const o = op[pc];
      if (o === MATCH) {
        // Only a match at the end counts; the first thread there has the highest priority.
        if (pos === n) {
          result = caps;
          break;
        }
      } else if (o === CHAR) {
        if (c === a[pc]) addThread(nlist, pc + 1, caps, pos + 1);
      } else if (o === CLASS) {
        if (c >= 0 && c < 128 && tables[a[pc]][c] === 1) addThread(nlist, pc + 1, caps, pos + 1);
      }
    }
    const done = clist;
    done.caps.fill(undefined, 0, done.count);
    done.count = 0;
    clist = nlist;
    nlist = done;
  }
  if (counter) counter.steps += steps;
  return result;
}
