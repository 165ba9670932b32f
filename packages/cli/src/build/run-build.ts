import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { MANIFEST_FILE_NAME, readTsconfig, sourceWarnings } from '@armature/schema';
import type { CliOutput } from '../output/cli-output';
import { BuilderEvents } from './builder-events';
import { scanEntryIfManifestMissing } from './entry-manifest-check';
import type { ProjectScan } from './manifest-step';
import { withoutHandlerDesignMetadata } from './handler-design-metadata';
import { displayPath } from './project-path';
import { registryStep, type RegistryStep } from '../registry/registry-step';

/** Options of {@link runBuild}. */
export interface BuildOptions {
  /** Absolute path of the tsconfig to build (its references are built first). */
  readonly project: string;
  readonly output: CliOutput;
  /** Rebuild every project even when up to date. */
  readonly force?: boolean;
  /** Print the builder's status messages. */
  readonly verbose?: boolean;
  /** Build warnings fail the build and stop the manifest. */
  readonly strict?: boolean;
  /** Emit handler methods' `design:*` metadata as TypeScript does (by default it is left out: the manifest has it). */
  readonly keepDesignMetadata?: boolean;
}

/** What a build did. */
export interface BuildOutcome {
  /** 0: built, manifests written; 1: TypeScript errors or schema problems (or warnings, strict); 2: the tsconfig is missing. */
  readonly exitCode: number;
  readonly errorCount: number;
  readonly problemCount: number;
  /** Build warnings (counted in `problemCount` too when strict). */
  readonly warningCount: number;
  readonly strict: boolean;
  readonly scans: readonly ProjectScan[];
  /** Wall time of the whole build, compile and scans included. */
  readonly durationMs: number;
  /** Time spent scanning and writing manifests (part of `durationMs`). */
  readonly scanMs: number;
  /** The registry `server.json` (written beside the manifest when package.json has `armature.registry`). */
  readonly registry?: RegistryStep;
}

/**
 * `armature build`: compiles with TypeScript's solution builder (project references and
 * incremental builds work as with `tsc -b`) and, after each project is emitted, scans that
 * same program and writes its manifest.
 */
export function runBuild(options: BuildOptions): BuildOutcome {
  const started = performance.now();
  const { output, project } = options;
  if (!fs.existsSync(project)) {
    output.line(`armature: cannot find ${displayPath(project)}; pass -p <tsconfig.json or folder>.`);
    return {
      exitCode: 2,
      errorCount: 0,
      problemCount: 0,
      warningCount: 0,
      strict: options.strict === true,
      scans: [],
      durationMs: 0,
      scanMs: 0,
    };
  }
  const events = new BuilderEvents(output, options.verbose === true, project, false, options.strict === true);
  const emit =
    options.keepDesignMetadata === true ? undefined : withoutHandlerDesignMetadata(ts.createEmitAndSemanticDiagnosticsBuilderProgram);
  const host = ts.createSolutionBuilderHost(
    ts.sys,
    emit?.createProgram ?? ts.createEmitAndSemanticDiagnosticsBuilderProgram,
    events.reportDiagnostic,
    events.reportStatus,
  );
  if (emit !== undefined) host.getCustomTransformers = emit.getCustomTransformers;
  host.jsDocParsingMode = ts.JSDocParsingMode.ParseAll;
  host.afterProgramEmitAndDiagnostics = events.afterProgram;
  const builder = ts.createSolutionBuilder(host, [project], { force: options.force === true, verbose: options.verbose === true });
  for (let next = builder.getNextInvalidatedProject(); next; next = builder.getNextInvalidatedProject()) {
    output.status(`armature: compiling ${displayPath(next.project)}`);
    next.done();
  }
  // After TypeScript errors (in this project or one it references, which then skips it) nothing is scanned.
  if (events.errorCount === 0 && !events.scans.some((scan) => path.resolve(scan.project) === project)) {
    const scan = scanEntryIfManifestMissing(project) ?? (options.strict ? warningsOfUnscanned(project) : undefined);
    if (scan) events.record(scan);
  }
  output.clearStatus();
  const scanMs = events.scans.reduce((sum, scan) => sum + scan.scanMs, 0);
  const registry = events.errorCount === 0 && events.problemCount === 0 ? registryStep(project, output) : undefined;
  const registryProblems = registry?.kind === 'invalid' ? registry.issues.length : 0;
  const exitCode = events.errorCount > 0 || events.problemCount > 0 || registryProblems > 0 ? 1 : 0;
  return {
    exitCode,
    errorCount: events.errorCount,
    problemCount: events.problemCount + registryProblems,
    warningCount: events.warningCount,
    strict: options.strict === true,
    scans: [...events.scans],
    durationMs: performance.now() - started,
    scanMs,
    registry,
  };
}

/**
 * An up-to-date project is not scanned, so the warnings an earlier (not strict) build printed
 * would pass a strict build unseen: its sources are read again for them (parsing only).
 */
function warningsOfUnscanned(project: string): ProjectScan | undefined {
  const started = performance.now();
  const parsed = readTsconfig(project);
  const notes = sourceWarnings(parsed.fileNames, path.dirname(project));
  if (notes.length === 0) return undefined;
  const manifestFile = path.join(parsed.options.outDir ?? path.dirname(project), MANIFEST_FILE_NAME);
  return {
    project,
    methodCount: 0,
    problems: [],
    notes,
    manifestFile,
    manifestChanged: false,
    scanMs: performance.now() - started,
  };
}

/** One line summing up a build: what was written, or what failed. */
export function summarizeBuild(outcome: BuildOutcome): string {
  const seconds = (outcome.durationMs / 1000).toFixed(2);
  const methods = outcome.scans.reduce((sum, scan) => sum + scan.methodCount, 0);
  if (outcome.exitCode !== 0) {
    const parts = [];
    if (outcome.errorCount > 0) parts.push(`${outcome.errorCount} TypeScript error${outcome.errorCount === 1 ? '' : 's'}`);
    const registryProblems = outcome.registry?.kind === 'invalid' ? outcome.registry.issues.length : 0;
    const problems = outcome.problemCount - registryProblems - (outcome.strict ? outcome.warningCount : 0);
    if (problems > 0) parts.push(`${problems} schema problem${problems === 1 ? '' : 's'}`);
    if (outcome.registry?.kind === 'invalid')
      parts.push(`${outcome.registry.issues.length} server.json problem${outcome.registry.issues.length === 1 ? '' : 's'}`);
    if (outcome.strict && outcome.warningCount > 0)
      parts.push(`${outcome.warningCount} warning${outcome.warningCount === 1 ? '' : 's'} (--strict)`);
    const unwritten = outcome.errorCount > 0 || outcome.scans.some((scan) => scan.manifestFile === undefined && scan.methodCount > 0);
    return `armature: build failed with ${parts.join(' and ')}${unwritten ? '; no manifest written for a project with errors' : ''} (${seconds}s).`;
  }
  const written = outcome.scans.filter((scan) => scan.manifestFile).map((scan) => displayPath(scan.manifestFile ?? ''));
  const registry =
    outcome.registry?.kind === 'written' ? `; server.json: ${outcome.registry.files.map((file) => displayPath(file)).join(', ')}` : '';
  const where = (written.length > 0 ? `; manifest: ${written.join(', ')}` : '; everything was up to date') + registry;
  const warned =
    outcome.warningCount > 0
      ? ` ${outcome.warningCount} warning${outcome.warningCount === 1 ? '' : 's'}: see above (--strict fails on them).`
      : '';
  return `armature: built in ${seconds}s (${methods} decorated method${methods === 1 ? '' : 's'} scanned${where}).${warned}`;
}
