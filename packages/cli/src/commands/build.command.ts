import * as fs from 'node:fs';
import * as path from 'node:path';
import { MANIFEST_FILE_NAME, readTsconfig, type ManifestDocument } from '@armature/schema';
import { resolveProject } from '../build/project-path';
import { runBuild, summarizeBuild } from '../build/run-build';
import type { ParsedArgs } from '../args/argv-parser';
import { diffManifests } from '../diff/manifest-diff';
import { diffReport, formatDiffReport } from '../diff/diff-report';
import { ManifestSourceError, readManifestAtRef, readManifestSource } from '../diff/manifest-source';
import { surfaceOf } from '../diff/manifest-surface';
import type { CliOutput } from '../output/cli-output';

/** `armature build`: returns the process exit code. */
export function buildCommand(args: ParsedArgs, output: CliOutput): number {
  const project = resolveProject(args.project);
  let baseline: { document: ManifestDocument; origin: string } | undefined;
  const against = args.checkAgainst;
  // A file is read before the build, which may overwrite it (--check-against dist/armature.manifest.json).
  if (against !== undefined && (fs.existsSync(against) || against.includes(':'))) {
    try {
      baseline = readManifestSource(against);
    } catch (error) {
      if (!(error instanceof ManifestSourceError)) throw error;
      output.line(`armature: --check-against: ${error.message}`);
      return 2;
    }
  }
  const outcome = runBuild({
    project,
    output,
    force: args.force,
    verbose: args.verbose,
    strict: args.strict,
    keepDesignMetadata: args.keepDesignMetadata,
  });
  if (outcome.exitCode !== 2) output.line(summarizeBuild(outcome));
  if (outcome.exitCode !== 0 || against === undefined) return outcome.exitCode;
  return checkAgainst(project, against, baseline, args.json, output);
}

/** Compares the manifest just built with the baseline; 1 when a change breaks clients. */
function checkAgainst(
  project: string,
  against: string,
  baseline: { document: ManifestDocument; origin: string } | undefined,
  json: boolean,
  output: CliOutput,
): number {
  const parsed = readTsconfig(project);
  const built = path.join(parsed.options.outDir ?? path.dirname(project), MANIFEST_FILE_NAME);
  try {
    const before = baseline ?? readManifestAtRef(against, built);
    const after = readManifestSource(built);
    const report = diffReport(before.origin, after.origin, diffManifests(surfaceOf(before.document), surfaceOf(after.document)));
    output.line(json ? JSON.stringify(report, null, 2) : formatDiffReport(report));
    return report.breaking > 0 ? 1 : 0;
  } catch (error) {
    if (!(error instanceof ManifestSourceError)) throw error;
    output.line(`armature: --check-against: ${error.message}`);
    return 2;
  }
}
