import * as fs from 'node:fs';
import * as path from 'node:path';
import { displayPath, resolveProject } from '../build/project-path';
import { startDev } from '../dev/run-dev';
import type { ParsedArgs } from '../args/argv-parser';
import type { CliOutput } from '../output/cli-output';

/** `armature dev`: runs until SIGINT/SIGTERM, then resolves with the exit code. */
export async function devCommand(args: ParsedArgs, output: CliOutput): Promise<number> {
  const project = resolveProject(args.project);
  if (!fs.existsSync(project)) {
    output.line(`armature: cannot find ${displayPath(project)}; pass -p <tsconfig.json or folder>.`);
    return 2;
  }
  const entry = args.entry ? path.resolve(args.entry) : entryFromPackage(path.dirname(project));
  if (!entry) output.line('armature: no server entry (-e <file>, or "armature.entry"/"main" in package.json); rebuilding only.');
  const session = startDev({
    project,
    output,
    entry,
    args: args.rest,
    verbose: args.verbose,
    strict: args.strict,
    keepDesignMetadata: args.keepDesignMetadata,
  });
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await session.close();
  return 0;
}

function entryFromPackage(dir: string): string | undefined {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { main?: unknown; armature?: { entry?: unknown } };
    const entry = typeof pkg.armature?.entry === 'string' ? pkg.armature.entry : typeof pkg.main === 'string' ? pkg.main : undefined;
    return entry ? path.resolve(dir, entry) : undefined;
  } catch {
    return undefined;
  }
}
