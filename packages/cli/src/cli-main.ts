import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs, UsageError, USAGE } from './args/argv-parser';
import { buildCommand } from './commands/build.command';
import { devCommand } from './commands/dev.command';
import { streamOutput, type CliOutput } from './output/cli-output';

/** Runs `armature` with the given arguments and returns the exit code. */
export async function runCli(argv: readonly string[], output?: { stdout: CliOutput; stderr: CliOutput }): Promise<number> {
  const out = output ?? { stdout: streamOutput(process.stdout), stderr: streamOutput(process.stderr) };
  try {
    const args = parseArgs(argv);
    if (args.version) {
      out.stdout.line(version());
      return 0;
    }
    if (args.help || args.command === undefined || args.command === 'help') {
      out.stdout.line(USAGE);
      return args.command === undefined && !args.help ? 2 : 0;
    }
    switch (args.command) {
      case 'build':
        return buildCommand(args, out.stdout);
      case 'dev':
        // stdout belongs to the server (a stdio MCP server speaks on it).
        return await devCommand(args, out.stderr);
      default:
        throw new UsageError(`unknown command ${args.command}.`);
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    out.stderr.line(`armature: ${error.message}\n\n${USAGE}`);
    return 2;
  }
}

function version(): string {
  const file = path.join(__dirname, '..', '..', 'package.json');
  const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}
