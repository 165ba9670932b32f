// `@armature/core/internal`: the protocol engine as Armature's own packages use it (transports,
// auth, testing, telemetry). Not a stable API for applications: anything here may change in a
// minor release. Applications import from `@armature/core`.
export { CREDENTIAL_HEADERS, isTransportRequestInfo, withoutCredentials } from './context/request-info';
export type {
  CompletionsFeature,
  DetachableRequest,
  ListContext,
  ListKind,
  PromptsFeature,
  ResourcesFeature,
  ServerFeatures,
  TasksFeature,
  ToolsFeature,
} from './protocol/server-features';
export type { ConnectOptions, ConnectedSession, ConnectableApp, SessionChange, SessionMessageRoute } from './session/connectable-app';
export { EngineErrorCode } from './errors/engine-error-codes';
export { DEFAULT_DECODE_LIMITS, DEFAULT_MAX_ID_LENGTH, resolveDecodeLimits, type DecodeLimits } from './jsonrpc/decode-limits';
export { decodeJsonRpc, type DecodeFailure, type DecodeResult, type DecodedMessage } from './jsonrpc/json-rpc-decoder';
export { encodeJsonRpc, type EncodeFailureHandler } from './jsonrpc/json-rpc-encoder';
export { errorResponse, isRequestId } from './jsonrpc/json-rpc-errors';
export { checkJsonRpcShape, type ShapeProblem } from './jsonrpc/json-rpc-shape';
export { ServerSession } from './session/server-session';
export type { SessionRegistry } from './protocol/session-registry';
export {
  DEFAULT_DRAIN_TIMEOUT_MS,
  DEFAULT_MAX_INFLIGHT_REQUESTS,
  DEFAULT_PAGE_SIZE,
  DEFAULT_REQUEST_TIMEOUT_MS,
  type ServerSessionOptions,
} from './session/server-session-options';
export { negotiateProtocolVersion } from './protocol/protocol-versions';
export { LOGGING_LEVELS } from './logging/logging-levels';
export { serverCapabilities } from './protocol/server-capabilities';
export { SENT } from './transport/sent';
export { nodeCrypto } from './platform/node-crypto';
export { Deadline, flushReserveMs, runWindowMs } from './shutdown/drain-window';
export { IdleWaiters } from './kernel/idle-waiters';
export {
  LOOPBACK_HOSTS,
  allowedHostsForBind,
  createHostOriginGuard,
  normalizeOrigin,
  splitHost,
  type Allowlist,
  type HostOriginGuard,
} from './transport/host-origin.guard';
export { checkAudience, canonicalResourceUri } from './transport/auth/audience.check';
export { bearerChallenge, scopeTokens, isScopeToken, type BearerChallengeParts } from './transport/auth/bearer-challenge';
export {
  watchToken,
  bearerReverifier,
  DEFAULT_REVERIFY_TOKEN_MS,
  type TokenWatchOptions,
  type TokenEnd,
} from './transport/auth/token-watch';
export {
  BearerAuthenticator,
  insufficientScopeChallenge,
  type BearerAuthConfig,
  type BearerOutcome,
} from './transport/auth/bearer.authenticator';
export {
  PROTECTED_RESOURCE_WELL_KNOWN,
  protectedResourceMetadata,
  protectedResourceMetadataPaths,
  protectedResourceMetadataUrl,
  type ProtectedResourceMetadata,
  type ProtectedResourceOptions,
} from './transport/auth/protected-resource.metadata';
export { TOKEN_CLOCK_SKEW_SEC, tokenExpired } from './transport/auth/clock-skew';
export { withoutAuthorization } from './transport/auth/request-headers';
export type { TokenRequest, VerifyToken } from './transport/auth/verify-token';
// MCP 2026-07-28: the request-scoped kernel as transports see it.
export type { RequestKernel, AbortableRequest, HeaderParam } from './kernel/request-kernel';
export type { ExchangeSink } from './kernel/exchange-sink';
export type { IncomingRequest } from './kernel/request-kernel';
export { NO_PARAMS } from './protocol/request-params';
export type { CacheHint, CacheHints } from './kernel/cache-hints';
export { PROTOCOL_2026, ENVELOPE_VERSIONS, META as MCP_META_KEYS, ONLY_2026, REMOVED_IN_2026, hasEnvelope } from './kernel/revision-2026';
// The revision seam: what a revision object is built from, and the hook that adds one served per
// request (a test's fake revision; see docs/ARCHITECTURE.md, "revision seam").
export { methodTable, type Revision } from './kernel/revision';
export { readEnvelope } from './kernel/request-envelope';
export { addEnvelopeRevision, addedRevisionOf, envelopeRevisionOf } from './kernel/revision-registry';
export { servedEnvelopeVersions } from './kernel/served-envelope-versions';
// The notification bus port (broadcasts and 2025 session copies across instances).
export type { BusEvent, NotificationBus } from './bus/notification-bus';
export { InMemoryNotificationBus, deliverBusEvent } from './bus/in-memory-notification-bus';
// What an integration runs innermost around route handlers (`ArmatureOptions.aroundHandler`).
export type { AroundHandler, AroundHandlerFactory, RouteInfo } from './routes/route-pipeline';
