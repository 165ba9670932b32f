import { ArmatureError } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';

/** Where `app.listen()` serves. */
export type ListenTarget =
  | { readonly transport: 'stdio' }
  | { readonly transport: 'http' | 'ws'; readonly host: string | undefined; readonly port: number };

function parseAddress(flag: string, value: string | undefined): { host: string | undefined; port: number } {
  if (value === undefined || value.startsWith('--')) {
    throw new ArmatureError(LocalErrorCode.INVALID_LISTEN_ARGS, `${flag} needs a port or host:port, e.g. ${flag} 3000 or ${flag} 127.0.0.1:3000.`);
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
 * `--http=…`) from command-line arguments. Other arguments are left to the application.
 */
export function parseListenArgs(argv: readonly string[]): ListenTarget {
  let target: ListenTarget | undefined;
  const choose = (next: ListenTarget, flag: string): void => {
    if (target && target.transport !== next.transport) {
      throw new ArmatureError(LocalErrorCode.INVALID_LISTEN_ARGS, `${flag} conflicts with --${target.transport}; choose one transport.`);
    }
    target = next;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flag === '--stdio') choose({ transport: 'stdio' }, flag);
    else if (flag === '--http' || flag === '--ws') {
      const value = inline ?? argv[++i];
      choose({ transport: flag === '--http' ? 'http' : 'ws', ...parseAddress(flag, value) }, flag);
    }
  }
  return target ?? { transport: 'stdio' };
}
