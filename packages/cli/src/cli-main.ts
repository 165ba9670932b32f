import { parseArgs, UsageError, USAGE } from './args/argv-parser';
import { cliVersion } from './cli-version';
import { buildCommand } from './commands/build.command';
import { bundleCommand } from './commands/bundle.command';
import { devCommand } from './commands/dev.command';
import { diffCommand } from './commands/diff.command';
import { initCommand } from './commands/init.command';
import { inspectCommand } from './commands/inspect.command';
import { openapiCommand } from './commands/openapi.command';
import { serveCommand } from './commands/serve.command';
import { streamOutput, type CliOutput } from './output/cli-output';

/** Runs `armature` with the given arguments and returns the exit code. */
export async function runCli(argv: readonly string[], output?: { stdout: CliOutput; stderr: CliOutput }): Promise<number> {
  const out = output ?? { stdout: streamOutput(process.stdout), stderr: streamOutput(process.stderr) };
  try {
    // `serve` has its own command line (node:util parseArgs): the transport flags are its own.
    // stdout belongs to the server (a stdio MCP server speaks on it).
    if (argv[0] === 'serve') return await serveCommand(argv.slice(1), out.stderr);
    const args = parseArgs(argv);
    if (args.version) {
      out.stdout.line(cliVersion());
      return 0;
    }
    if (args.help || args.command === undefined || args.command === 'help') {
      out.stdout.line(USAGE);
      return args.command === undefined && !args.help ? 2 : 0;
    }
    switch (args.command) {
      case 'build':
        return buildCommand(args, out.stdout);
      case 'bundle':
        return await bundleCommand(args, out.stdout, out.stderr);
      case 'diff':
        return diffCommand(args, out.stdout, out.stderr);
      case 'dev':
        // stdout belongs to the server (a stdio MCP server speaks on it).
        return await devCommand(args, out.stderr);
      case 'init':
        return initCommand(args, out.stdout);
      case 'inspect':
        return await inspectCommand(args, out.stdout);
      case 'openapi':
        return openapiCommand(args, out.stdout, out.stderr);
      default:
        throw new UsageError(`unknown command ${args.command}.`);
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    out.stderr.line(`armature: ${error.message}\n\n${USAGE}`);
    return 2;
  }
}
