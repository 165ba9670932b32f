import * as fs from 'node:fs';
import type { ParsedArgs } from '../args/argv-parser';
import { displayPath, resolveProject } from '../build/project-path';
import { listLiveSurface } from '../inspect/live-surface';
import { checkBuiltManifest } from '../inspect/manifest-check';
import { manifestReport } from '../inspect/manifest-report';
import { surfaceReport } from '../inspect/surface-report';
import type { CliOutput } from '../output/cli-output';

/**
 * `armature inspect`: prints what a built server serves — from its manifest, or, with
 * `--entry <file exporting the root module>`, from the booted app through an in-memory client —
 * and returns 1 when the manifest is missing, stale or invalid (or the app does not boot).
 */
export async function inspectCommand(args: ParsedArgs, output: CliOutput): Promise<number> {
  const project = resolveProject(args.project);
  if (!fs.existsSync(project)) {
    output.line(`armature: cannot find ${displayPath(project)}; pass -p <tsconfig.json or folder>.`);
    return 2;
  }
  const check = checkBuiltManifest(project);
  output.line(`Manifest: ${displayPath(check.file)}${check.manifest ? ` (${check.manifest.generator})` : ''}`);
  for (const note of check.notes) output.line(`  note: ${note}`);
  for (const problem of check.problems) output.line(`  problem: ${problem}`);
  let failed = check.problems.length > 0;
  if (args.entry !== undefined) {
    try {
      const surface = await listLiveSurface(args.entry);
      output.line(`Served by ${args.entry} (booted, listed through an in-memory MCP client):`);
      for (const line of surfaceReport(surface, args.verbose)) output.line(line);
    } catch (error) {
      output.line(`armature: ${args.entry} did not boot: ${error instanceof Error ? error.message : String(error)}`);
      failed = true;
    }
  } else if (check.manifest) {
    for (const line of manifestReport(check.manifest, args.verbose)) output.line(line);
  }
  output.line('');
  output.line(failed ? 'armature: inspect found problems (exit 1).' : 'armature: the manifest is current and valid.');
  return failed ? 1 : 0;
}
