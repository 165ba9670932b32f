import * as path from 'node:path';
import type * as ts from 'typescript';
import type { BuildNote } from '../problems/build-note';
import type { BuildProblem } from '../problems/build-problem';
import type { NoteCode, ProblemCode, WarningCode } from '../problems/problem-codes';
import { TypeToSchema } from '../convert/type-to-schema';
import { CoreOrigin } from './core-origin';
import { isSensitiveProperty } from './sensitive-decorator';

/** Who a problem is about. */
export interface ProblemSubject {
  readonly className?: string;
  readonly method?: string;
  readonly parameter?: string;
}

/** Shared state of one scan: the checker, converters, and the problems found so far. */
export class ScanContext {
  readonly checker: ts.TypeChecker;
  readonly origin: CoreOrigin;
  readonly converter: TypeToSchema;
  readonly problems: BuildProblem[] = [];
  readonly notes: BuildNote[] = [];

  constructor(
    readonly program: ts.Program,
    /** Folder that `source` paths and problem locations are relative to. */
    readonly projectDir: string,
  ) {
    this.checker = program.getTypeChecker();
    this.origin = new CoreOrigin(this.checker);
    const origin = this.origin;
    this.converter = new TypeToSchema(this.checker, (property) => isSensitiveProperty(property, origin));
  }

  /** Records a problem located at `node`. */
  report(node: ts.Node, code: ProblemCode, subject: ProblemSubject, message: string): void {
    this.problems.push({ code, ...this.locate(node), ...subject, message });
  }

  /** Records a note located at `node`: something left out of a schema that does not fail the build. */
  note(
    node: ts.Node,
    code: NoteCode | WarningCode,
    subject: { readonly className?: string; readonly property?: string },
    message: string,
  ): void {
    this.notes.push({ code, ...this.locate(node), ...subject, message });
  }

  /** Where a node starts: project-relative file, 1-based line and column. */
  locate(node: ts.Node): { file: string; line: number; column: number } {
    const file = node.getSourceFile();
    const { line, character } = file.getLineAndCharacterOfPosition(node.getStart(file));
    return { file: this.relative(file.fileName), line: line + 1, column: character + 1 };
  }

  /** A path relative to the project folder, with `/` separators. */
  relative(fileName: string): string {
    return path.relative(this.projectDir, fileName).split(path.sep).join('/');
  }

  /** True for files of the author's workspace: not lib files, not packages under node_modules. */
  isAuthorFile(file: ts.SourceFile): boolean {
    return !this.program.isSourceFileFromExternalLibrary(file) && !this.program.isSourceFileDefaultLibrary(file);
  }

  /** True for the author's TypeScript sources (what this program compiles and the scanner reads). */
  isOwnSource(file: ts.SourceFile): boolean {
    return !file.isDeclarationFile && this.isAuthorFile(file);
  }
}
