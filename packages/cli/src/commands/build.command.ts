import { resolveProject } from '../build/project-path';
import { runBuild, summarizeBuild } from '../build/run-build';
import type { ParsedArgs } from '../args/argv-parser';
import type { CliOutput } from '../output/cli-output';

/** `armature build`: returns the process exit code. */
export function buildCommand(args: ParsedArgs, output: CliOutput): number {
  const outcome = runBuild({
    project: resolveProject(args.project),
    output,
    force: args.force,
    verbose: args.verbose,
    strict: args.strict,
  });
  if (outcome.exitCode !== 2) output.line(summarizeBuild(outcome));
  return outcome.exitCode;
}
