import { parseArgs } from 'node:util';
import { ArmatureError } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';

/** Where `app.listen()` serves. */
export type ListenTarget =
  { readonly transport: 'stdio' } | { readonly transport: 'http' | 'ws'; readonly host: string | undefined; readonly port: number };

const LISTEN_OPTIONS = {
  stdio: { type: 'boolean' },
  http: { type: 'string' },
  ws: { type: 'string' },
} as const;

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
    throw new ArmatureError(LocalErrorCode.INVALID_LISTEN_ARGS, `${flag} ${value}: expected a port (0–65535) or host:port.`);
  }
  return { host, port };
}

/**
 * Reads `--stdio` (the default), `--http [host:]port` or `--ws [host:]port` (also written
 * `--http=…`) from command-line arguments, with `node:util` `parseArgs` in its lenient mode:
 * other arguments are left to the application, and nothing after `--` is read.
 */
export function parseListenArgs(argv: readonly string[]): ListenTarget {
  const { tokens } = parseArgs({ args: [...argv], options: LISTEN_OPTIONS, strict: false, allowPositionals: true, tokens: true });
  let target: ListenTarget | undefined;
  for (const token of tokens) {
    if (token.kind !== 'option' || !Object.hasOwn(LISTEN_OPTIONS, token.name)) continue;
    const flag = token.rawName;
    const next: ListenTarget =
      token.name === 'stdio'
        ? { transport: 'stdio' }
        : { transport: token.name === 'http' ? 'http' : 'ws', ...parseAddress(flag, token.value) };
    if (target && target.transport !== next.transport) {
      throw new ArmatureError(LocalErrorCode.INVALID_LISTEN_ARGS, `${flag} conflicts with --${target.transport}; choose one transport.`);
    }
    target = next;
  }
  return target ?? { transport: 'stdio' };
}
