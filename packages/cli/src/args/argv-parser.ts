import { parseArgs as parseArgTokens } from 'node:util';

/** The parsed command line of `armature`. */
export interface ParsedArgs {
  readonly command: string | undefined;
  /** The operand after the command (`armature init <dir>`, `armature bundle <entry>`, the old manifest of `armature diff <old> <new>`). */
  readonly target: string | undefined;
  /** The second operand of `armature diff <old> <new>`. */
  readonly second: string | undefined;
  readonly project: string | undefined;
  readonly entry: string | undefined;
  readonly force: boolean;
  readonly verbose: boolean;
  /** init: serve Streamable HTTP too. */
  readonly http: boolean;
  /** init: serve WebSocket too. */
  readonly ws: boolean;
  /** init: share state through Redis (implies http). */
  readonly redis: boolean;
  /** init: a NestJS application mounting the MCP endpoint (implies http). */
  readonly nestjs: boolean;
  /** build, dev: build warnings (a misspelled JSDoc tag) fail the build. */
  readonly strict: boolean;
  /** build, dev: emit handler methods' `design:*` metadata as TypeScript does. */
  readonly keepDesignMetadata: boolean;
  /** diff, build --check-against: print the report as JSON. */
  readonly json: boolean;
  /** build: the manifest (file, or git ref) the new one is compared with; breaking changes fail the build. */
  readonly checkAgainst: string | undefined;
  /** openapi: the folder of the generated module; bundle: the runner's path. */
  readonly out: string | undefined;
  /** openapi: only operations with one of these tags (repeatable; none means all). */
  readonly tags: readonly string[];
  /** openapi: only these operationIds (repeatable; none means all). */
  readonly operations: readonly string[];
  /** bundle: packages left out of the packed file (repeatable). */
  readonly externals: readonly string[];
  /** openapi: the base URL used when the environment gives none. */
  readonly baseUrl: string | undefined;
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

const OPTIONS = {
  project: { type: 'string', short: 'p' },
  entry: { type: 'string', short: 'e' },
  force: { type: 'boolean', short: 'f' },
  verbose: { type: 'boolean' },
  http: { type: 'boolean' },
  ws: { type: 'boolean' },
  redis: { type: 'boolean' },
  nestjs: { type: 'boolean' },
  strict: { type: 'boolean' },
  'keep-design-metadata': { type: 'boolean' },
  json: { type: 'boolean' },
  'check-against': { type: 'string' },
  out: { type: 'string', short: 'o' },
  tag: { type: 'string', multiple: true },
  operation: { type: 'string', multiple: true },
  external: { type: 'string', multiple: true },
  'base-url': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

type OptionName = keyof typeof OPTIONS;

/**
 * Parses `armature <command> [options] [-- server args]` with `node:util` `parseArgs`. It runs in
 * its lenient mode and the tokens are checked here, so the messages stay the CLI's own
 * (`unknown option --x.`, `--project needs a value.`).
 */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const { tokens } = parseArgTokens({ args: [...argv], options: OPTIONS, strict: false, allowPositionals: true, tokens: true });
  const values: { project?: string; entry?: string; 'check-against'?: string; out?: string; 'base-url'?: string } = {};
  const tags: string[] = [];
  const operations: string[] = [];
  const externals: string[] = [];
  const flags = {
    force: false,
    verbose: false,
    http: false,
    ws: false,
    redis: false,
    nestjs: false,
    strict: false,
    'keep-design-metadata': false,
    json: false,
    help: false,
    version: false,
  };
  let command: string | undefined;
  let target: string | undefined;
  let second: string | undefined;
  let rest: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'option-terminator') {
      rest = argv.slice(token.index + 1);
      break;
    }
    if (token.kind === 'positional') {
      if (command === undefined) command = token.value;
      else if (target === undefined && (command === 'init' || command === 'diff' || command === 'openapi' || command === 'bundle'))
        target = token.value;
      else if (second === undefined && command === 'diff') second = token.value;
      else throw new UsageError(`unexpected argument ${token.value}.`);
      continue;
    }
    if (!Object.hasOwn(OPTIONS, token.name)) throw new UsageError(`unknown option ${token.rawName}.`);
    const name = token.name as OptionName;
    if (name === 'project' || name === 'entry' || name === 'check-against' || name === 'out' || name === 'base-url') {
      if (token.value === undefined || token.value === '') throw new UsageError(`${token.rawName} needs a value.`);
      values[name] = token.value;
    } else if (name === 'tag' || name === 'operation' || name === 'external') {
      if (token.value === undefined || token.value === '') throw new UsageError(`${token.rawName} needs a value.`);
      (name === 'tag' ? tags : name === 'operation' ? operations : externals).push(token.value);
    } else {
      if (token.inlineValue === true) throw new UsageError(`${token.rawName} takes no value.`);
      flags[name] = true;
    }
  }
  const { 'keep-design-metadata': keepDesignMetadata, ...otherFlags } = flags;
  return {
    command,
    target,
    second,
    project: values.project,
    entry: values.entry,
    checkAgainst: values['check-against'],
    out: values.out,
    tags,
    operations,
    externals,
    baseUrl: values['base-url'],
    ...otherFlags,
    keepDesignMetadata,
    rest,
  };
}

/** The help text. */
export const USAGE = `Usage: armature <command> [options]
       armature init <dir> [--http] [--ws] [--redis] [--nestjs]
       armature diff <old> <new> [--json]
       armature bundle <entry.js> [--out <file.js>] [--external <package>]
       armature openapi <spec.yaml|json> --out <dir> [--tag t] [--operation id]
                        [--base-url url]

Commands:
  build    Compile the TypeScript project (and its references) and write
           armature.manifest.json at the root of each output that has handlers.
  bundle   Pack a built app (its compiled entry) and its dependencies into one
           file, and write <entry>.bundle.js, which runs it from a V8 code cache:
           the fastest cold start (serverless). Needs esbuild installed.
  diff     Compare two manifests (files, folders holding one, or git-ref:path)
           tool by tool, resource by resource, prompt by prompt; classify each
           change as breaking or compatible; exit 1 when any change breaks clients.
  dev      Watch, rebuild incrementally, rewrite manifests, and restart (or reload)
           the server after each change.
  init     Create a new server project in <dir> (which must be empty or absent);
           the same project as npm create armature.
  inspect  Print a built server's tools, resources, templates and prompts with
           their schemas; exit 1 when its manifest is missing, stale or invalid.
  openapi  Generate a module of @Tool classes from an OpenAPI 3.0/3.1 document:
           one tool per operation, typed inputs and results; the client reads
           <NAME>_BASE_URL, <NAME>_BEARER_TOKEN, <NAME>_HEADERS from the env.
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
      --strict          build, dev: build warnings (a misspelled JSDoc tag) fail
                        the build
      --keep-design-metadata
                        build, dev: emit the design:type, design:paramtypes and
                        design:returntype metadata of @Tool/@Resource/@Prompt
                        methods (left out by default: the manifest has them)
      --check-against <manifest|git ref>
                        build: compare the new manifest with this one (a file,
                        or a git ref whose manifest is read with git show) and
                        fail on breaking changes
  -o, --out <dir>       openapi: the folder of the generated module (its name
                        names the module: src/petstore → PetstoreModule);
                        bundle: the runner's file (default <entry>.bundle.js)
      --external <package>
                        bundle: leave this package out of the packed file; it is
                        required from node_modules at run time (repeatable)
      --tag <tag>       openapi: only operations with this tag (repeatable)
      --operation <id>  openapi: only this operationId (repeatable)
      --base-url <url>  openapi: the default base URL (else the first server)
      --json            diff, build --check-against: print the report as JSON
      --verbose         build, dev: print the TypeScript builder's status messages;
                        inspect: print every tool's full schemas
      --http, --ws      init: serve Streamable HTTP / WebSocket too
      --redis           init: share state through Redis (several instances, HTTP)
      --nestjs          init: a NestJS application serving the MCP endpoint
  -h, --help            show this help
  -v, --version         show the version
  -- <args>             dev: arguments passed to the server`;
