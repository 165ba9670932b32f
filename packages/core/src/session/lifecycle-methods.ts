import type { SessionInfo } from '../context/request-context';
import type { Refusal } from '../kernel/revision';
import { McpWireError } from '../errors/wire-error';
import { WireErrorCode } from '../errors/wire-error-codes';
import { loggingLevelRank } from '../protocol/logging-levels';
import type { InitializeResult } from '../wire/mcp-types.generated';
import { negotiateProtocolVersion } from '../protocol/protocol-versions';
import { optionalObject, type RequestParamsRecord, requiredString } from '../protocol/request-params';
import { DEFAULT_MAX_URI_LENGTH, requiredResourceUri } from '../protocol/resource-uri';
import { serverCapabilities } from '../protocol/server-capabilities';
import type { ServerSessionOptions } from './server-session-options';
import { Phase } from '../protocol/session-phase';

/** The lifecycle methods the session serves itself (they change session state). */
export type LifecycleMethod = 'initialize' | 'ping' | 'logging/setLevel' | 'resources/subscribe' | 'resources/unsubscribe';

/** Method name → lifecycle method. */
export const LIFECYCLE_METHODS: ReadonlyMap<string, LifecycleMethod> = new Map<string, LifecycleMethod>([
  ['initialize', 'initialize'],
  ['ping', 'ping'],
  ['logging/setLevel', 'logging/setLevel'],
  ['resources/subscribe', 'resources/subscribe'],
  ['resources/unsubscribe', 'resources/unsubscribe'],
]);

/** The shared `{}` result (ping, setLevel, subscribe). */
export const EMPTY_RESULT: Readonly<Record<string, never>> = Object.freeze({});

/** What an `initialize` request establishes. */
export interface InitializeFacts {
  readonly protocolVersion: string;
  readonly clientCapabilities: SessionInfo['clientCapabilities'];
  readonly clientInfo: NonNullable<SessionInfo['clientInfo']>;
}

/** Reads `initialize` params (-32602 when malformed) and negotiates the version. */
export function readInitialize(params: RequestParamsRecord): InitializeFacts {
  const requested = requiredString(params, 'protocolVersion');
  const capabilities = optionalObject(params, 'capabilities');
  const clientInfo = optionalObject(params, 'clientInfo');
  if (capabilities === undefined) throw McpWireError.invalidParams('Invalid params: "capabilities" must be an object');
  if (clientInfo === undefined || typeof clientInfo.name !== 'string' || typeof clientInfo.version !== 'string') {
    throw McpWireError.invalidParams('Invalid params: "clientInfo" must be an object with string "name" and "version"');
  }
  return {
    protocolVersion: negotiateProtocolVersion(requested),
    clientCapabilities: capabilities as InitializeFacts['clientCapabilities'],
    clientInfo: clientInfo as unknown as InitializeFacts['clientInfo'],
  };
}

/** The `initialize` result for a negotiated version. */
export function initializeResult(options: ServerSessionOptions, protocolVersion: string): InitializeResult {
  const base = serverCapabilities(options.features);
  const experimental = options.experimentalCapabilities;
  const capabilities =
    experimental === undefined
      ? base
      : { ...base, experimental: experimental as NonNullable<InitializeResult['capabilities']['experimental']> };
  const result: InitializeResult = { protocolVersion, capabilities, serverInfo: options.serverInfo };
  if (options.instructions !== undefined) result.instructions = options.instructions;
  return result;
}

/** The severity rank `logging/setLevel` asks for (-32602 for an unknown level). */
export function readLogLevel(params: RequestParamsRecord): number {
  const rank = loggingLevelRank(params.level);
  if (rank < 0) throw McpWireError.invalidParams('Invalid params: "level" must be a logging level (debug … emergency)');
  return rank;
}

/** Most subscriptions one session may hold, so a client cannot grow server memory without bound. */
export const MAX_SUBSCRIPTIONS = 1000;

/** The URI of a subscribe/unsubscribe request; -32601 when subscriptions are not served. */
export function readSubscriptionUri(method: string, options: ServerSessionOptions, params: RequestParamsRecord): string {
  if (options.features.resources?.subscribe !== true) throw McpWireError.methodNotFound(method);
  return requiredResourceUri(params, options.maxUriLength ?? DEFAULT_MAX_URI_LENGTH);
}

/** The version to use for a session that skipped `initialize` (stateless HTTP). */
export function negotiateAssumed(requested: string): string {
  return negotiateProtocolVersion(requested);
}

const ALREADY_INITIALIZED: Refusal = Object.freeze({
  code: WireErrorCode.InvalidRequest,
  message: 'Invalid request: the session is already initialized',
});
const NOT_INITIALIZED: Refusal = Object.freeze({
  code: WireErrorCode.InvalidRequest,
  message: 'Invalid request: the session is not initialized; send initialize first',
});

/**
 * The lifecycle rules of a 2025 session (the gate of `REVISION_2025`): only `initialize` and
 * `ping` before initialization, and one `initialize` per session. (Draining is checked for
 * every revision by the shared request path.)
 */
export function gate(method: string, phase: Phase): Refusal | undefined {
  if (method === 'ping') return undefined;
  if (method === 'initialize') return phase === Phase.AwaitingInit ? undefined : ALREADY_INITIALIZED;
  return phase === Phase.AwaitingInit ? NOT_INITIALIZED : undefined;
}
