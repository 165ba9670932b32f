import { parseArgs } from 'node:util';
import { UsageError } from '../args/argv-parser';

/** The parsed command line of `armature serve`. */
export interface ServeArgs {
  /** `-p`: a tsconfig.json or folder; its folder's package.json may name the root module. */
  readonly project: string | undefined;
  /** `-e`: the compiled file exporting the root module, `file.js` or `file.js#Name`. */
  readonly entry: string | undefined;
  /** What `app.listen()` gets: `['--stdio']`, `['--http', '[host:]port']` or `['--ws', '[host:]port']`. */
  readonly listen: readonly string[];
  readonly help: boolean;
}

/** Parses `armature serve [-p …] [-e …] [--stdio | --http [host:]port | --ws [host:]port]`. */
export function parseServeArgs(argv: readonly string[]): ServeArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        project: { type: 'string', short: 'p' },
        entry: { type: 'string', short: 'e' },
        stdio: { type: 'boolean' },
        http: { type: 'string' },
        ws: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    // node:util's messages name the option and what is wrong with it.
    throw new UsageError(`serve: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { project, entry, stdio, http, ws, help } = parsed.values;
  const chosen = [
    stdio === true ? ['--stdio'] : undefined,
    http === undefined ? undefined : ['--http', http],
    ws === undefined ? undefined : ['--ws', ws],
  ].filter((listen): listen is string[] => listen !== undefined);
  if (chosen.length > 1) throw new UsageError('serve: choose one of --stdio, --http and --ws.');
  for (const [flag, value] of [
    ['--project', project],
    ['--entry', entry],
    ['--http', http],
    ['--ws', ws],
  ] as const) {
    if (value === '') throw new UsageError(`serve: ${flag} needs a value.`);
  }
  return { project, entry, listen: chosen[0] ?? ['--stdio'], help: help === true };
}

/** The help text of `armature serve`. */
export const SERVE_USAGE = `Usage: armature serve [-p <tsconfig.json | folder>] [-e <root module.js>[#Export]]
                      [--stdio | --http [host:]port | --ws [host:]port]

Boots the built app's root module and serves it, without a hand-written main:
over stdio (the default), Streamable HTTP (needs @armature/http) or WebSocket
(needs @armature/ws). The root module is the one -e names, else the one the
package.json beside the project names in "armature": { "module": "…" }.
SIGTERM or SIGINT shuts down gracefully; over stdio, so does the end of stdin.`;
