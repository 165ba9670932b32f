import * as path from 'node:path';
import { completeFeatures, nextSteps, scaffoldProject, ScaffoldError } from 'create-armature';
import type { ParsedArgs } from '../args/argv-parser';
import { UsageError } from '../args/argv-parser';
import { displayPath } from '../build/project-path';
import { cliVersion } from '../cli-version';
import type { CliOutput } from '../output/cli-output';

/** `armature init <dir> [--http] [--ws] [--redis] [--nestjs]`: scaffolds a server project (as `npm create armature` does); returns the exit code. */
export function initCommand(args: ParsedArgs, output: CliOutput): number {
  if (args.target === undefined) throw new UsageError('init needs a folder: armature init <dir>.');
  try {
    const features = completeFeatures(args);
    // The project depends on the Armature this CLI belongs to.
    const files = scaffoldProject(args.target, { features, armatureRange: `^${cliVersion()}` });
    const shown = displayPath(path.resolve(args.target));
    output.line(`armature: created ${shown} (${files.join(', ')}).`);
    output.line('');
    for (const line of nextSteps(shown, features)) output.line(line);
    return 0;
  } catch (error) {
    if (!(error instanceof ScaffoldError)) throw error;
    output.line(`armature: ${error.message}`);
    return 1;
  }
}
