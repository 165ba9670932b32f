import * as path from 'node:path';
import type { ParsedArgs } from '../args/argv-parser';
import { UsageError } from '../args/argv-parser';
import { displayPath } from '../build/project-path';
import { scaffoldProject, ScaffoldError } from '../init/scaffold';
import type { CliOutput } from '../output/cli-output';

/** `armature init <dir>`: scaffolds a server project; returns the exit code. */
export function initCommand(args: ParsedArgs, output: CliOutput): number {
  if (args.target === undefined) throw new UsageError('init needs a folder: armature init <dir>.');
  try {
    const files = scaffoldProject(args.target);
    const shown = displayPath(path.resolve(args.target));
    output.line(`armature: created ${shown} (${files.join(', ')}).`);
    output.line('');
    output.line('Next:');
    output.line(`  cd ${shown}`);
    output.line('  npm install');
    output.line('  npm run build && npm test');
    output.line('  npm start            # serves over stdio; see README.md');
    return 0;
  } catch (error) {
    if (!(error instanceof ScaffoldError)) throw error;
    output.line(`armature: ${error.message}`);
    return 1;
  }
}
