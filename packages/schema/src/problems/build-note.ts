import type { NoteCode, WarningCode } from './problem-codes';

/**
 * Something the build could not put into a schema but that does not stop it: the manifest is
 * written, and `armature build` prints the note. Today: class-validator decorators on a DTO
 * with no JSON Schema equivalent (or with arguments the scanner cannot read), which
 * class-validator still enforces at call time. A warning (an `ARM_WARN_` code) is a note that
 * probably means a mistake, such as a misspelled JSDoc tag; `armature build --strict` fails on it.
 */
export interface BuildNote {
  readonly code: NoteCode | WarningCode;
  /** Source file, relative to the project folder, with `/` separators. */
  readonly file: string;
  /** 1-based line. */
  readonly line: number;
  /** 1-based column. */
  readonly column: number;
  /** The class the note is about (a DTO class). */
  readonly className?: string;
  /** The property of that class. */
  readonly property?: string;
  /** What was left out of the schema, and why, in one sentence. */
  readonly message: string;
}

/** True for a warning (`armature build --strict` fails on warnings), false for a plain note. */
export function isWarning(note: BuildNote): boolean {
  return String(note.code).startsWith('ARM_WARN_');
}

/**
 * `src/a.dto.ts:7:3 - note ARM_NOTE_DTO_CONSTRAINT: CreateUserDto.name: <message>`, or with
 * `warning` (`error` when `strict`) for a warning code. A note without a class names none.
 */
export function formatNote(note: BuildNote, strict = false): string {
  const subject =
    note.property === undefined ? (note.className ?? '<anonymous class>') : `${note.className ?? '<anonymous class>'}.${note.property}`;
  const level = isWarning(note) ? (strict ? 'error' : 'warning') : 'note';
  const about = note.className === undefined && note.property === undefined ? '' : `${subject}: `;
  return `${note.file}:${note.line}:${note.column} - ${level} ${note.code}: ${about}${note.message}`;
}

/** Formats every note, one per line. */
export function formatNotes(notes: readonly BuildNote[], strict = false): string {
  return notes.map((note) => formatNote(note, strict)).join('\n');
}
