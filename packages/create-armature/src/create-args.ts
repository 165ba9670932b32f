import { parseArgs } from 'node:util';
import { conflictOf } from './scaffold-features';

/** The folder `npm create armature --yes` uses when none is given. */
export const DEFAULT_FOLDER = 'my-mcp-server';

/** The command line of `create-armature`. */
export interface CreateArgs {
  readonly folder: string | undefined;
  readonly http: boolean;
  readonly ws: boolean;
  readonly redis: boolean;
  readonly nestjs: boolean;
  readonly yes: boolean;
  readonly help: boolean;
  readonly version: boolean;
}

/** A command line that cannot be understood. */
export class CreateUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CreateUsageError';
  }
}

/** Parses `create-armature [folder] [--http] [--ws] [--redis] [--nestjs] [--yes]`. */
export function parseCreateArgs(argv: readonly string[]): CreateArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        http: { type: 'boolean' },
        ws: { type: 'boolean' },
        redis: { type: 'boolean' },
        nestjs: { type: 'boolean' },
        yes: { type: 'boolean', short: 'y' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    throw new CreateUsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1) throw new CreateUsageError(`one folder only; got ${positionals.join(' ')}.`);
  const conflict = conflictOf(values);
  if (conflict !== undefined) throw new CreateUsageError(conflict);
  return {
    folder: positionals[0],
    http: values.http === true,
    ws: values.ws === true,
    redis: values.redis === true,
    nestjs: values.nestjs === true,
    yes: values.yes === true,
    help: values.help === true,
    version: values.version === true,
  };
}

/** The help text. */
export const CREATE_USAGE = `Usage: npm create armature@latest [folder] -- [options]
       npx create-armature [folder] [options]

Creates a new Armature MCP server project in <folder> (absent or empty). On a terminal,
with no option given, it asks for the folder and the transports; otherwise it asks nothing.

Options:
  --http        serve Streamable HTTP too (@armature/http; npm run start:http)
  --ws          serve WebSocket too (@armature/ws; npm run start:ws)
  --redis       share sessions, streams and tasks through Redis so several instances
                serve one HTTP endpoint (@armature/redis; implies --http)
  --nestjs      a NestJS application serving the MCP endpoint next to its controllers
                (@armature/nestjs; Streamable HTTP on Nest's server; not with --ws or --redis)
  -y, --yes     ask nothing: the defaults (stdio only; folder ${DEFAULT_FOLDER})
  -h, --help    show this help
  -v, --version show the version`;
