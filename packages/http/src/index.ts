// Public API of @armature/http: Streamable HTTP (MCP 2025-11-25 and 2026-07-28) for Armature apps.
// Importing it registers `--http [host:]port` with `app.listen()`, as `@armature/http/register` does.
import './register';
export { createHttpHandler } from './create-http-handler';
export type { FetchHandlerInit, HttpHandler } from './create-http-handler';
export { listenHttp, DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS } from './listen-http';
export type { HttpListenHandle } from './listen-http';
export { httpListenTransport } from './listen-transport';
export type { HttpHandlerOptions, ListenHttpOptions, ServerCardOptions, SseOptions } from './options/http-options';
export type { HttpRequestInfo, VerifyToken } from './handler/bearer-auth';
export type { EventStore } from './events/event-store';
export { InMemoryEventStore } from './events/in-memory-event-store';
export type { InMemoryEventStoreOptions } from './events/in-memory-event-store';
// The Host/Origin guard lives in @armature/core (shared with @armature/ws); re-exported for convenience.
export { LOOPBACK_HOSTS, type Allowlist } from '@armature/core/internal';
export { DEFAULT_HEADER_PROTOCOL_VERSION } from './protocol/protocol-version';
export { StatelessServerRequestError } from './handler/stateless.transport';
export { DEFAULT_MAX_SESSIONS } from './options/resolved-options';
export { DEFAULT_MAX_STATELESS_INFLIGHT } from './options/resolved-options';
export type { IndexedSession, SessionStateStore, StoredSession } from './session-state/session-state-store';
export { InMemorySessionStore } from './session-state/in-memory-session-store';
