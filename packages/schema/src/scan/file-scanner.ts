import * as ts from 'typescript';
import type { ManifestHandler, ManifestMethod } from '../manifest/manifest.types';
import type { BuildNote } from '../problems/build-note';
import type { BuildProblem } from '../problems/build-problem';
import { setOwn } from '../convert/own-keys';
import { scanMember } from './method-scanner';
import { readModules, type ModuleNode } from './module-reader';
import type { NameClaim } from './name-registry';
import type { ScanContext } from './scan-context';
import { misspelledTagNotes } from './tag-spelling-report';
import { scanElicitCalls, type ElicitFormSite } from '../elicit/elicit-call-scanner';

/** What one source file contributes: its handler classes, problems, name claims and modules. Plain data, so it can be cached. */
export interface FileScan {
  readonly handlers: readonly ManifestHandler[];
  readonly problems: readonly BuildProblem[];
  /** Notes found while scanning the file's handlers (they may point into other files, e.g. a DTO's). */
  readonly notes: readonly BuildNote[];
  readonly claims: readonly NameClaim[];
  /** The modules the file declares (and the dynamic modules they import), for per-server name checks. */
  readonly modules: readonly ModuleNode[];
  readonly methodCount: number;
  /** The typed elicitations of the file (`ctx.elicit<T>(message, { key })`), in source order. */
  readonly elicitForms: readonly ElicitFormSite[];
}

/** Scans the top-level classes of one source file. */
export function scanFile(file: ts.SourceFile, context: ScanContext): FileScan {
  const before = context.problems.length;
  const notesBefore = context.notes.length;
  const handlers: ManifestHandler[] = [];
  const claims: NameClaim[] = [];
  let methodCount = 0;
  if (file.text.includes('@')) {
    for (const statement of file.statements) {
      if (!ts.isClassDeclaration(statement) || !statement.name) continue;
      const className = statement.name.text;
      const methods: Record<string, ManifestMethod> = {};
      let found = false;
      for (const member of statement.members) {
        const result = scanMember(member, className, context);
        if (!result) continue;
        found = true;
        methodCount++;
        if (result.entry) setOwn(methods, result.name, result.entry);
        if (result.claim) claims.push(result.claim);
      }
      if (!found) continue;
      handlers.push({ className, source: `${context.relative(file.fileName)}:${context.locate(statement).line}`, methods });
    }
  }
  const modules = readModules(file, context);
  const elicitForms = scanElicitCalls(file, context);
  context.notes.push(...misspelledTagNotes(file, (name) => context.relative(name)));
  // Problems move into the file's result; the scan re-adds them (cached or not) in file order.
  const problems = context.problems.splice(before);
  const notes = context.notes.splice(notesBefore);
  return { handlers, problems, notes, claims, modules, methodCount, elicitForms };
}
