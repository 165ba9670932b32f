/** The parsed command line of `armature`. */
export interface ParsedArgs {
  readonly command: string | undefined;
  /** The operand after the command (`armature init <dir>`). */
  readonly target: string | undefined;
  readonly project: string | undefined;
  readonly entry: string | undefined;
  readonly force: boolean;
  readonly verbose: boolean;
  readonly help: boolean;
  readonly version: boolean;
  /** Everything after `--`: passed to the server by `armature dev`. */
  readonly rest: readonly string[];
}

/** A command line that cannot be understood. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

const VALUE_FLAGS: Readonly<Record<string, 'project' | 'entry'>> = {
  '-p': 'project',
  '--project': 'project',
  '-e': 'entry',
  '--entry': 'entry',
};

/** Parses `armature <command> [options] [-- server args]`. */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const values: { project?: string; entry?: string } = {};
  const flags = { force: false, verbose: false, help: false, version: false };
  let command: string | undefined;
  let target: string | undefined;
  let rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') {
      rest = argv.slice(i + 1);
      break;
    }
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const key = Object.prototype.hasOwnProperty.call(VALUE_FLAGS, name) ? VALUE_FLAGS[name] : undefined;
    if (key) {
      const value = inline ?? argv[++i];
      if (value === undefined || value === '') throw new UsageError(`${name} needs a value.`);
      values[key] = value;
    } else if (name === '--force' || name === '-f') flags.force = true;
    else if (name === '--verbose') flags.verbose = true;
    else if (name === '--help' || name === '-h') flags.help = true;
    else if (name === '--version' || name === '-v') flags.version = true;
    else if (name.startsWith('-')) throw new UsageError(`unknown option ${name}.`);
    else if (command === undefined) command = name;
    else if (target === undefined && command === 'init') target = name;
    else throw new UsageError(`unexpected argument ${name}.`);
  }
  return { command, target, project: values.project, entry: values.entry, ...flags, rest };
}

/** The help text. */
export const USAGE = `Usage: armature <command> [options]
       armature init <dir>

Commands:
  build    Compile the TypeScript project (and its references) and write
           armature.manifest.json at the root of each output that has handlers.
  dev      Watch, rebuild incrementally, rewrite manifests, and restart (or reload)
           the server after each change.
  init     Create a new server project in <dir> (which must be empty or absent).
  inspect  Print a built server's tools, resources, templates and prompts with
           their schemas; exit 1 when its manifest is missing, stale or invalid.
  serve    Serve a built app's root module over --stdio (default), --http
           [host:]port or --ws [host:]port, without a hand-written main
           (armature serve --help for its options).

Options:
  -p, --project <path>  tsconfig.json, or a folder holding one (default: .)
  -e, --entry <file>    dev: the compiled server to run (default: package.json
                        "armature.entry", else "main", next to the tsconfig);
                        inspect: the compiled file exporting the root module
                        (file.js or file.js#Name), booted and listed through an
                        in-memory MCP client
  -f, --force           build: rebuild every project, even when up to date
      --verbose         build, dev: print the TypeScript builder's status messages;
                        inspect: print every tool's full schemas
  -h, --help            show this help
  -v, --version         show the version
  -- <args>             dev: arguments passed to the server`;
