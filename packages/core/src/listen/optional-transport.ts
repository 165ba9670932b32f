import { ArmatureError } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';
import type { ConnectableApp } from '../session/connectable-app';

/** What `listenHttp` / `listenWs` return that `app.listen()` uses. */
export interface TransportServerHandle {
  readonly url: string;
  /** Stops accepting, drains requests in flight for up to `drainMs`, closes its sessions. */
  close(drainMs?: number): Promise<void>;
}

type ListenFn = (app: ConnectableApp, options: { host?: string; port?: number }) => Promise<TransportServerHandle>;

/**
 * Loads `@armature/http` or `@armature/ws` only when `--http`/`--ws` asks for it, so core
 * never depends on them (nor on `ws`). A missing package is a clear local error.
 */
export function loadTransportServer(pkg: '@armature/http' | '@armature/ws', exportName: 'listenHttp' | 'listenWs', flag: string): ListenFn {
  let mod: Record<string, unknown>;
  try {
    mod = require(pkg) as Record<string, unknown>;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'MODULE_NOT_FOUND' && String((error as Error).message).includes(pkg)) {
      throw new ArmatureError(
        LocalErrorCode.TRANSPORT_MISSING,
        `${flag} needs ${pkg}, which is not installed. Install it: npm install ${pkg}`,
        { cause: error },
      );
    }
    throw error;
  }
  const listen = mod[exportName];
  if (typeof listen !== 'function') {
    throw new ArmatureError(
      LocalErrorCode.TRANSPORT_MISSING,
      `${pkg} does not export ${exportName}(); install a version that matches @armature/core.`,
    );
  }
  return listen as ListenFn;
}
