import { OPERATORS, type ExpressionPart, type VarSpec } from './uri-template-ast';
import { has, HEXDIG, type CharTable } from './uri-char-classes';
import { Inst, type ProgramBuilder } from './uri-template-program';

/** Capture slots of one variable occurrence: the raw text of its value (see the extractor). */
export interface EmittedVar {
  readonly spec: VarSpec;
  readonly start: number;
  readonly end: number;
}

/**
 * Emits the automaton for one positional expression. RFC 6570 §3.2.1 drops undefined
 * variables, so each variable is optional; the operator's `first` character precedes the
 * first present one and `sep` the others. That needs two chains of states, "nothing yet"
 * and "something already", so the automaton knows which character comes next. Every
 * SPLIT prefers taking the variable, so when a URI could fill variables in several ways,
 * earlier variables win (filled left to right). The expression's last value is greedy
 * (as long as it can be while the rest of the template still matches); the others are
 * lazy, see `emitItem`.
 */
export function emitExpression(b: ProgramBuilder, expr: ExpressionPart, value: CharTable): EmittedVar[] {
  const spec = OPERATORS[expr.operator];
  const vars: EmittedVar[] = expr.vars.map((v) => ({ spec: v, start: b.slot(), end: b.slot() }));
  const k = vars.length;
  const toSome: number[][] = Array.from({ length: k + 1 }, () => []);
  // With no `first` character the empty expansion is the first variable's empty value,
  // so the first variable is always taken and there is no "nothing yet" choice to make.
  const noneCount = spec.first ? k : 1;
  const noneSplits: number[] = [];
  for (let i = 0; i < noneCount; i++) {
    if (spec.first) noneSplits.push(b.emit(Inst.Split));
    b.chars(spec.first);
    emitItem(b, vars[i], expr, value);
    toSome[i + 1].push(b.emit(Inst.Jmp));
  }
  const some: number[] = new Array<number>(k + 1);
  const someSplits: number[] = [];
  for (let i = 1; i < k; i++) {
    some[i] = b.pc;
    someSplits.push(b.emit(Inst.Split));
    b.chars(spec.sep);
    emitItem(b, vars[i], expr, value);
    toSome[i + 1].push(b.emit(Inst.Jmp));
  }
  const exit = b.pc;
  some[k] = exit;
  noneSplits.forEach((pc, i) => b.patch(pc, pc + 1, i + 1 < noneSplits.length ? noneSplits[i + 1] : exit));
  someSplits.forEach((pc, i) => b.patch(pc, pc + 1, some[i + 2]));
  toSome.forEach((jumps, i) => jumps.forEach((pc) => b.patch(pc, some[i])));
  return vars;
}

function emitItem(b: ProgramBuilder, v: EmittedVar, expr: ExpressionPart, value: CharTable): void {
  const spec = OPERATORS[expr.operator];
  const sep = spec.sep.charCodeAt(0);
  if (!spec.named) {
    // Inside one expression every variable but the last takes as little as it can, so
    // later variables get values: a greedy first variable would leave them empty where
    // values may hold the separator raw (`{.who,who}` on `.fred.fred`) or a list could
    // take every item (`{/list*,path}`). Across expressions, values stay greedy.
    const lazy = v.spec !== expr.vars[expr.vars.length - 1];
    b.emit(Inst.Save, v.start);
    emitValue(b, value, lazy);
    // When the separator is also a value character ('.', '+', '#') the loop adds nothing.
    if (v.spec.explode && !has(value, sep)) emitRepeat(b, sep, () => emitValue(b, value), lazy);
    b.emit(Inst.Save, v.end);
  } else if (!v.spec.explode) {
    b.chars(v.spec.name);
    b.emit(Inst.Save, v.start);
    emitOptionalAssignment(b, value);
    b.emit(Inst.Save, v.end);
  } else {
    const pair = (): void => {
      b.chars(v.spec.name);
      emitOptionalAssignment(b, value);
    };
    b.emit(Inst.Save, v.start);
    pair();
    emitRepeat(b, sep, pair);
    b.emit(Inst.Save, v.end);
  }
}

/** `( "=" value )?` — `;x` and `?x=` both mean an empty value (RFC 6570 §3.2.7, §3.2.8). */
function emitOptionalAssignment(b: ProgramBuilder, value: CharTable): void {
  const split = b.emit(Inst.Split);
  b.char(0x3d);
  emitValue(b, value);
  b.patch(split, split + 1, b.pc);
}

/** `( sep body )*`, greedy unless `lazy`. */
function emitRepeat(b: ProgramBuilder, sep: number, body: () => void, lazy = false): void {
  const loop = b.emit(Inst.Split);
  b.char(sep);
  body();
  b.emit(Inst.Jmp, loop);
  if (lazy) b.patch(loop, b.pc, loop + 1);
  else b.patch(loop, loop + 1, b.pc);
}

/**
 * `( char | "%" HEXDIG HEXDIG )*`, greedy unless `lazy`. Treating a pct-triplet as one
 * unit means no value boundary ever falls inside a triplet, so every value decodes whole.
 */
export function emitValue(b: ProgramBuilder, value: CharTable, lazy = false): void {
  const entry = lazy ? b.emit(Inst.Split) : -1;
  const loop = b.emit(Inst.Split);
  b.cls(value);
  b.emit(Inst.Jmp, entry < 0 ? loop : entry);
  const pct = b.emit(Inst.Split);
  b.char(0x25);
  b.cls(HEXDIG);
  b.cls(HEXDIG);
  b.emit(Inst.Jmp, entry < 0 ? loop : entry);
  b.patch(loop, loop + 1, pct);
  b.patch(pct, pct + 1, b.pc);
  // Lazy: prefer leaving the loop before each character.
  if (entry >= 0) b.patch(entry, b.pc, loop);
}
