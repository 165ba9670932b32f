import * as path from 'node:path';
import { UsageError, type ParsedArgs } from '../args/argv-parser';
import { packApp } from '../bundle/pack-app';
import { PackError } from '../bundle/pack-error';
import type { CliOutput } from '../output/cli-output';

/**
 * `armature bundle <entry.js> [--out <runner.js>] [--external <package>]…`: packs a built app into one file and writes
 * the runner that starts it from a V8 code cache. 0 when written, 1 when it cannot be packed.
 */
export async function bundleCommand(args: ParsedArgs, output: CliOutput, errors: CliOutput): Promise<number> {
  if (args.target === undefined) throw new UsageError('bundle needs the compiled entry: armature bundle dist/main.js.');
  try {
    const result = await packApp({ entry: args.target, out: args.out, external: args.externals });
    for (const warning of result.warnings) errors.line(warning);
    const shown = (file: string): string => path.relative(process.cwd(), file) || file;
    output.line(
      `armature: packed ${shown(args.target)} into ${shown(result.packed)} (${(result.packedBytes / 1024).toFixed(0)} KB); run node ${shown(result.runner)}.`,
    );
    if (result.manifests.length === 0)
      errors.line(
        `armature: warning: none of the packed files has an armature.manifest.json above it (up to its package root): the packed handlers will find no schemas. Run armature build first.`,
      );
    return 0;
  } catch (error) {
    if (!(error instanceof PackError)) throw error;
    errors.line(`armature: ${error.message}`);
    return 1;
  }
}
