import type { CharTable } from './uri-char-classes';

/**
 * Instructions of the matching automaton (a Thompson NFA run as a Pike VM, see
 * `uri-template-vm.ts`). Consuming instructions and SAVE continue at `pc + 1`.
 */
export const Inst = {
  /** Consume exactly the char code in `a`. */
  Char: 0,
  /** Consume one char of character table `a`. */
  Class: 1,
  /** Continue at `a` (preferred) and at `b`. */
  Split: 2,
  /** Continue at `a`. */
  Jmp: 3,
  /** Record the current position in capture slot `a`. */
  Save: 4,
  /** Accept, if the whole input has been consumed. */
  Match: 5,
} as const;

/** An instruction opcode. */
export type Inst = (typeof Inst)[keyof typeof Inst];

/** A compiled automaton: parallel arrays indexed by program counter. */
export interface Program {
  readonly op: Uint8Array;
  readonly a: Int32Array;
  readonly b: Int32Array;
  readonly tables: readonly CharTable[];
  readonly size: number;
  readonly slotCount: number;
}

/** Appends instructions; forward targets are patched once known. */
export class ProgramBuilder {
  private readonly ops: number[] = [];
  private readonly as: number[] = [];
  private readonly bs: number[] = [];
  private readonly tables: CharTable[] = [];
  private slots = 0;

  /** The index the next instruction will get. */
  get pc(): number {
    return this.ops.length;
  }

  /** Reserves a capture slot. */
  slot(): number {
    return this.slots++;
  }

  emit(op: Inst, a = 0, b = 0): number {
    this.ops.push(op);
    this.as.push(a);
    this.bs.push(b);
    return this.ops.length - 1;
  }

  char(code: number): void {
    this.emit(Inst.Char, code);
  }

  chars(text: string): void {
    for (let i = 0; i < text.length; i++) this.char(text.charCodeAt(i));
  }

  cls(table: CharTable): void {
    let index = this.tables.indexOf(table);
    if (index < 0) index = this.tables.push(table) - 1;
    this.emit(Inst.Class, index);
  }

  /** Sets the targets of a SPLIT or JMP emitted earlier. */
  patch(pc: number, a: number, b = 0): void {
    this.as[pc] = a;
    this.bs[pc] = b;
  }

  build(): Program {
    return {
      op: Uint8Array.from(this.ops),
      a: Int32Array.from(this.as),
      b: Int32Array.from(this.bs),
      tables: this.tables.slice(),
      size: this.ops.length,
      slotCount: this.slots,
    };
  }
}
