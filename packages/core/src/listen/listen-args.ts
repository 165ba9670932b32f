import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ArmatureError } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';

/** Where `app.listen()` serves: stdio, or the transport of a `--<flag> [host:]port`. */
export type ListenTarget =
  | { readonly transport: 'stdio' }
  | { readonly transport: 'network'; readonly flag: string; readonly host: string | undefined; readonly port: number };

/**
 * The flags of the transport packages, read even when the package is not registered so that
 * `--http 3000` without `@armature/http` is a clear error instead of a silent stdio server.
 */
export const WELL_KNOWN_LISTEN_FLAGS: readonly string[] = ['http', 'ws'];

function parseAddress(flag: string, value: string | undefined): { host: string | undefined; port: number } {
  if (value === undefined || value.startsWith('--')) {
    throw new ArmatureError(
      LocalErrorCode.INVALID_LISTEN_ARGS,
      `${flag} needs a port or host:port, e.g. ${flag} 3000 or ${flag} 127.0.0.1:3000.`,
    );
  }
  const colon = value.lastIndexOf(':');
  let host = colon === -1 ? undefined : value.slice(0, colon);
  if (host?.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  const portText = colon === -1 ? value : value.slice(colon + 1);
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : NaN;
  if (!(port >= 0 && port <= 65535) || host === '') {
    const shown = value.length > 64 ? `${value.slice(0, 64)}…` : value;
    throw new ArmatureError(LocalErrorCode.INVALID_LISTEN_ARGS, `${flag} ${shown}: expected a port (0–65535) or host:port.`);
  }
  return { host, port };
}

/**
 * Reads `--stdio` (the default) or one `--<flag> [host:]port` (also written `--<flag>=…`) from
 * command-line arguments, for the well-known flags and `extraFlags` (those of custom
 * transports), with `node:util` `parseArgs` in its lenient mode: other arguments are left to
 * the application, and nothing after `--` is read.
 */
export function parseListenArgs(argv: readonly string[], extraFlags: readonly string[] = []): ListenTarget {
  const options: NonNullable<ParseArgsConfig['options']> = { stdio: { type: 'boolean' } };
  for (const flag of [...WELL_KNOWN_LISTEN_FLAGS, ...extraFlags]) options[flag] = { type: 'string' };
  const { tokens } = parseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  let target: ListenTarget | undefined;
  for (const token of tokens) {
    if (token.kind !== 'option' || !Object.hasOwn(options, token.name)) continue;
    const flag = token.rawName;
    const next: ListenTarget =
      token.name === 'stdio' ? { transport: 'stdio' } : { transport: 'network', flag: token.name, ...parseAddress(flag, token.value) };
    const previous = target === undefined ? undefined : target.transport === 'stdio' ? 'stdio' : target.flag;
    if (previous !== undefined && previous !== token.name) {
      throw new ArmatureError(LocalErrorCode.INVALID_LISTEN_ARGS, `${flag} conflicts with --${previous}; choose one transport.`);
    }
    target = next;
  }
  return target ?? { transport: 'stdio' };
}
