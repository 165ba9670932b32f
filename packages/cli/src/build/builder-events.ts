import * as path from 'node:path';
import * as ts from 'typescript';
import { formatNotes, formatProblems, isWarning, ScanCache } from '@armature/schema';
import { formatDiagnostics, type CliOutput } from '../output/cli-output';
import { scanAndWriteManifest, type ProjectScan } from './manifest-step';
import { displayPath } from './project-path';

/**
 * The callbacks a solution builder host needs, shared by `armature build` and `armature dev`:
 * diagnostics are printed and counted, and after each project is emitted its program is
 * scanned (the same program, so the scan adds little to the build).
 */
export class BuilderEvents {
  errorCount = 0;
  readonly scans: ProjectScan[] = [];
  /** Projects left without a manifest because TypeScript reported errors in them (this round). */
  readonly failedProjects: string[] = [];
  /** Errors reported since the last project was emitted: the builder reports a project's diagnostics before its emit callback. */
  private errorsOfProject = 0;
  /** Watch mode keeps per-file scan results between cycles, per project. */
  private readonly caches: Map<string, ScanCache> | undefined;

  constructor(
    private readonly output: CliOutput,
    private readonly verbose: boolean,
    /** The tsconfig given on the command line; its project always gets a manifest. */
    private readonly entryProject: string,
    watch = false,
    /** Build warnings fail the build (`--strict`). */
    private readonly strict = false,
  ) {
    this.caches = watch ? new Map() : undefined;
  }

  /** Starts a new round (a build, or one watch cycle). */
  reset(): void {
    this.errorCount = 0;
    this.errorsOfProject = 0;
    this.scans.length = 0;
    this.failedProjects.length = 0;
  }

  readonly reportDiagnostic = (diagnostic: ts.Diagnostic): void => {
    if (diagnostic.category === ts.DiagnosticCategory.Error) {
      this.errorCount++;
      this.errorsOfProject++;
    }
    this.output.line(formatDiagnostics([diagnostic], this.output.isTTY));
  };

  readonly reportStatus = (diagnostic: ts.Diagnostic): void => {
    if (this.verbose) this.output.line(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  };

  readonly afterProgram = (builderProgram: ts.BuilderProgram): void => {
    const program = builderProgram.getProgram();
    const configFile = program.getCompilerOptions().configFilePath;
    const project = typeof configFile === 'string' ? configFile : program.getCurrentDirectory();
    const name = displayPath(project);
    const errors = this.errorsOfProject;
    this.errorsOfProject = 0;
    if (errors > 0) {
      // Types with errors give schemas without their constraints (or none): a manifest written
      // now would be served as if it were right. The previous one, if any, is left as it was:
      // it is now older than the JavaScript tsc emitted, so the app refuses to start on it.
      this.failedProjects.push(project);
      this.output.line(
        `armature: ${name} has TypeScript errors: no manifest written. Fix them and run armature build again (the app refuses to start until then).`,
      );
      return;
    }
    this.output.status(`armature: scanning ${name}`);
    let store = this.caches?.get(project);
    if (this.caches && !store) this.caches.set(project, (store = new ScanCache()));
    const scan = scanAndWriteManifest(program, {
      cache: store ? { store, dependenciesOf: (file) => builderProgram.getAllDependencies(file) } : undefined,
      alwaysWrite: path.resolve(project) === this.entryProject,
      strict: this.strict,
      onProgress: (done, total) => {
        if (total >= 20) this.output.status(`armature: scanning ${name} ${done}/${total} files`);
      },
    });
    this.record(scan);
  };

  /** Records a scan made outside the builder (an up-to-date project whose manifest is missing). */
  record(scan: ProjectScan): void {
    this.output.clearStatus();
    this.scans.push(scan);
    if (scan.notes.length > 0)
      this.output.line(
        formatNotes(
          scan.notes.map((n) => relocate(n, scan.project)),
          this.strict,
        ),
      );
    if (scan.problems.length > 0) this.output.line(formatProblems(scan.problems.map((p) => relocate(p, scan.project))));
    const validators = scan.validators;
    if (validators && 'error' in validators) {
      this.output.line(
        `armature: warning: no precompiled validators for ${displayPath(scan.project)} (${validators.error}); the server compiles them at boot.`,
      );
    } else if (validators) {
      for (const why of validators.failures)
        this.output.line(
          `armature: warning: a schema of ${displayPath(scan.project)} does not compile (${why}); the server will refuse to start.`,
        );
    }
    const toolIndex = scan.toolIndex;
    if (toolIndex && 'error' in toolIndex)
      this.output.line(
        `armature: warning: no tool-search index for ${displayPath(scan.project)} (${toolIndex.error}); an app with toolSearch will refuse to start.`,
      );
    const bootFile = scan.bootFile;
    if (bootFile && 'error' in bootFile)
      this.output.line(
        `armature: warning: no boot copy of the manifest for ${displayPath(scan.project)} (${bootFile.error}); the server reads the manifest itself.`,
      );
  }

  /** Schema problems of the current round (with `--strict`, warnings count as problems). */
  get problemCount(): number {
    return this.scans.reduce((sum, scan) => sum + scan.problems.length, 0) + (this.strict ? this.warningCount : 0);
  }

  /** Build warnings of the current round (a misspelled JSDoc tag). */
  get warningCount(): number {
    return this.scans.reduce((sum, scan) => sum + scan.notes.filter(isWarning).length, 0);
  }
}

/** Problem files are relative to their project; show them relative to the working folder. */
function relocate<T extends { readonly file: string }>(problem: T, project: string): T {
  const dir = project.endsWith('.json') ? path.dirname(project) : project;
  return { ...problem, file: displayPath(path.resolve(dir, problem.file)) };
}
