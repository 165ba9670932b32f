import type { ConnectableApp } from '../session/connectable-app';

/** Where a network transport listens, read from `--<flag> [host:]port`. */
export interface ListenAddress {
  /** Undefined when the command line gave a port only: the transport's default host (127.0.0.1). */
  readonly host?: string;
  readonly port: number;
}

/** What a transport's `listen` returns that `app.listen()` uses. */
export interface TransportServerHandle {
  readonly url: string;
  /** Stops accepting, drains requests in flight for up to `drainMs`, closes its sessions. */
  close(drainMs?: number): Promise<void>;
}

/**
 * A transport `app.listen()` can start from the command line: `--<flag> [host:]port`.
 * Transport packages provide theirs and register it (`import '@armature/http/register'`);
 * core names none of them.
 */
export interface ListenTransport {
  /** The command-line flag without its dashes: `http` serves `--http [host:]port`. */
  readonly flag: string;
  /** Starts serving `app` at `address`; resolves once it listens. */
  listen(app: ConnectableApp, address: ListenAddress): Promise<TransportServerHandle>;
}

const FLAG = /^[a-z][a-z0-9-]{0,31}$/;

// On globalThis under a registered symbol: an app whose transport package resolved its own
// copy of @armature/core (a version skew in node_modules) still finds the transport.
const REGISTRY = Symbol.for('@armature/core/listen-transports');
type RegistryHolder = { [REGISTRY]?: Map<string, ListenTransport> };

function registry(): Map<string, ListenTransport> {
  const holder = globalThis as RegistryHolder;
  return (holder[REGISTRY] ??= new Map());
}

/** Checks a transport's flag: lower-case letters, digits and dashes, and not `stdio`. */
export function assertListenFlag(flag: string): void {
  if (!FLAG.test(flag) || flag === 'stdio') {
    throw new TypeError(
      `a listen transport's flag must match ${String(FLAG)} and not be "stdio"; got ${JSON.stringify(flag.slice(0, 40))}`,
    );
  }
}

/**
 * Makes `--<flag> [host:]port` available to every `app.listen()` in the process. A transport
 * package calls this when its `register` entry is imported; registering a flag again replaces
 * the earlier transport (two copies of one package register the same thing).
 */
export function registerListenTransport(transport: ListenTransport): void {
  assertListenFlag(transport.flag);
  registry().set(transport.flag, transport);
}

/** The registered transports, in registration order. */
export function registeredListenTransports(): readonly ListenTransport[] {
  return [...registry().values()];
}
