import * as path from 'node:path';
import type { Armature, ArmatureOptions, ListenHandle, RootModule } from '@armature/core';
import { UsageError } from '../args/argv-parser';
import type { CliOutput } from '../output/cli-output';
import { loadRootModule, MissingBuildError } from '../serve/root-module';
import { parseServeArgs, SERVE_USAGE } from '../serve/serve-args';
import { resolveServeTarget } from '../serve/serve-target';

/** The part of `@armature/core` serve uses, loaded from the app's own copy (one class identity). */
interface CoreModule {
  readonly Armature: { create(root: RootModule, options: ArmatureOptions): Promise<Armature> };
}

/** `app.listen()`'s refusal of a bad `[host:]port` (LocalErrorCode.INVALID_LISTEN_ARGS). */
const INVALID_LISTEN_ARGS = 'ARM_ERR_INVALID_LISTEN_ARGS';

/** The transport packages whose `register` entry `--http` / `--ws` load for a served app. */
const TRANSPORT_PACKAGES: Readonly<Record<string, string>> = { '--http': '@armature/http', '--ws': '@armature/ws' };

/**
 * Registers the transport `listen` asks for, from the app's own node_modules: the app need not
 * import it to be served by the CLI. When the app does not have the package, `app.listen()`
 * refuses with ARM_ERR_TRANSPORT_MISSING, which says what to install.
 */
function registerTransportOf(listen: readonly string[], appDir: string): void {
  const pkg = TRANSPORT_PACKAGES[listen[0] ?? ''];
  if (pkg === undefined) return;
  let entry: string;
  try {
    entry = require.resolve(`${pkg}/register`, { paths: [appDir] });
  } catch {
    return;
  }
  require(entry);
}

/**
 * `armature serve`: boots the root module of a built app and serves it over stdio, Streamable
 * HTTP or WebSocket through `app.listen()`, which also installs the graceful SIGTERM/SIGINT
 * shutdown. Resolves with 0 once listening (the process lives on while the server does), 1 when
 * the app does not boot or cannot listen, 2 for a bad command line. Everything it prints goes to
 * `output` (stderr: stdout belongs to a stdio server).
 */
export async function serveCommand(argv: readonly string[], output: CliOutput): Promise<number> {
  try {
    return await serve(argv, output);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    output.line(`armature: ${error.message}\n\n${SERVE_USAGE}`);
    return 2;
  }
}

async function serve(argv: readonly string[], output: CliOutput): Promise<number> {
  const args = parseServeArgs(argv);
  if (args.help) {
    output.line(SERVE_USAGE);
    return 0;
  }
  const target = resolveServeTarget(args.project, args.entry);
  let app: Armature;
  try {
    const { file, root } = loadRootModule(target.entry, target.base);
    const core = require(require.resolve('@armature/core', { paths: [path.dirname(file)] })) as CoreModule;
    registerTransportOf(args.listen, path.dirname(file));
    app = await core.Armature.create(root, { name: target.name, version: target.version });
  } catch (error) {
    if (error instanceof MissingBuildError) output.line(`armature: cannot serve ${target.name}: ${error.message}`);
    else output.line(`armature: ${target.entry} did not boot: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  let handle: ListenHandle;
  try {
    handle = await app.listen(args.listen);
  } catch (error) {
    await app.close({ drainMs: 0 });
    if ((error as { code?: unknown }).code === INVALID_LISTEN_ARGS) throw new UsageError(`serve: ${(error as Error).message}`);
    output.line(`armature: cannot serve ${target.name}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  output.line(`armature: serving ${target.name} ${target.version} (${target.entry}) over ${handle.url ?? 'stdio'}.`);
  return 0;
}
