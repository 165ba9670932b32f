import { Dispatcher } from '../kernel/dispatcher';
import { resolvePacing } from '../context/notification-pacing';
import { RequestStateSealer } from '../kernel/request-state';
import type { Implementation } from '../wire/mcp-types.generated';
import type { ServerFeatures } from '../protocol/server-features';
import type { ServerLogger } from '../logging/server-logger';
import type { SessionRegistry } from '../protocol/session-registry';
import { DEFAULT_PAGE_SIZE, DEFAULT_REQUEST_TIMEOUT_MS } from '../session/server-session-options';
import type { RequestObserver } from '../kernel/request-observer';
import type { ArmatureOptions } from './armature-options';

/** The sealer of `requestState`: the app's key, or a random one with a warning on first use. */
function sealerOf(options: ArmatureOptions, logger: ServerLogger): RequestStateSealer {
  const key = options.requestStateKey;
  const nonces = options.requestStateNonces;
  if (key !== undefined) return new RequestStateSealer(typeof key === 'string' ? Buffer.from(key, 'utf8') : key, undefined, nonces);
  return RequestStateSealer.random(
    () =>
      logger.warn(
        'MCP 2026-07-28 input-required state is sealed with a random per-process key: a retry that reaches another instance (or this one after a restart) is refused. ' +
          'Set the "requestStateKey" option (32+ bytes, shared by every instance) to serve several instances.',
      ),
    nonces,
  );
}

/** The app's 2026 dispatcher, from its options. */
export function createDispatcher(
  serverInfo: Implementation,
  options: ArmatureOptions,
  logger: ServerLogger,
  features: () => ServerFeatures,
  registry: SessionRegistry,
  observer: RequestObserver | undefined,
): Dispatcher {
  const caps = options.serverCapabilities;
  const extraCapabilities: Record<string, unknown> = {};
  if (caps?.extensions !== undefined) extraCapabilities.extensions = caps.extensions;
  if (caps?.experimental !== undefined) extraCapabilities.experimental = caps.experimental;
  return new Dispatcher({
    serverInfo,
    features,
    pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE,
    pacing: resolvePacing(options.maxProgressPerSecond, options.maxLogsPerSecond),
    ...(options.maxUriLength === undefined ? {} : { maxUriLength: options.maxUriLength }),
    ...(options.maxListens === undefined ? {} : { maxListens: options.maxListens }),
    ...(options.maxListensPerPrincipal === undefined ? {} : { maxListensPerPrincipal: options.maxListensPerPrincipal }),
    requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    logger,
    sealer: sealerOf(options, logger),
    registry,
    extraCapabilities,
    ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
    ...(options.cache === undefined ? {} : { cache: options.cache }),
    ...(observer === undefined ? {} : { observer }),
  });
}
