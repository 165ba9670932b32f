import type { NoteCode } from './problem-codes';

/**
 * Something the build could not put into a schema but that does not stop it: the manifest is
 * written, and `armature build` prints the note. Today: class-validator decorators on a DTO
 * with no JSON Schema equivalent (or with arguments the scanner cannot read), which
 * class-validator still enforces at call time.
 */
export interface BuildNote {
  readonly code: NoteCode;
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

/** `src/a.dto.ts:7:3 - note ARM_NOTE_DTO_CONSTRAINT: CreateUserDto.name: <message>`. */
export function formatNote(note: BuildNote): string {
  const subject =
    note.property === undefined ? (note.className ?? '<anonymous class>') : `${note.className ?? '<anonymous class>'}.${note.property}`;
  return `${note.file}:${note.line}:${note.column} - note ${note.code}: ${subject}: ${note.message}`;
}

/** Formats every note, one per line. */
export function formatNotes(notes: readonly BuildNote[]): string {
  return notes.map(formatNote).join('\n');
}
