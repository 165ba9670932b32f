import { UsageError, type ParsedArgs } from '../args/argv-parser';
import { diffManifests } from '../diff/manifest-diff';
import { diffReport, formatDiffReport } from '../diff/diff-report';
import { ManifestSourceError, readManifestSource } from '../diff/manifest-source';
import { surfaceOf } from '../diff/manifest-surface';
import type { CliOutput } from '../output/cli-output';

/** `armature diff <old> <new> [--json]`: 0 without breaking changes, 1 with some, 2 when a manifest cannot be read. */
export function diffCommand(args: ParsedArgs, output: CliOutput, errors: CliOutput): number {
  if (args.target === undefined || args.second === undefined) throw new UsageError('diff needs two manifests: armature diff <old> <new>.');
  try {
    const before = readManifestSource(args.target);
    const after = readManifestSource(args.second);
    const report = diffReport(before.origin, after.origin, diffManifests(surfaceOf(before.document), surfaceOf(after.document)));
    output.line(args.json ? JSON.stringify(report, null, 2) : formatDiffReport(report));
    return report.breaking > 0 ? 1 : 0;
  } catch (error) {
    if (!(error instanceof ManifestSourceError)) throw error;
    errors.line(`armature: ${error.message}`);
    return 2;
  }
}
