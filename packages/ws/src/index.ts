// Public API of @armature/ws: MCP over WebSocket (subprotocol `mcp`, one message per text frame).
// Importing it registers `--ws [host:]port` with `app.listen()`, as `@armature/ws/register` does.
import './register';
export { wsListenTransport } from './listen-transport';
export { listenWs, attachWs, type ListenWsOptions, type WsServerHandle, type WsAttachment } from './websocket.server';
export { WsGateway, DEFAULT_DRAIN_MS } from './websocket.gateway';
export { WebSocketServerTransport, DEFAULT_MAX_BUFFERED_BYTES, type WebSocketServerTransportOptions } from './websocket.transport';
export { MCP_SUBPROTOCOL } from './upgrade.guard';
export { upgradeRequestInfo } from './upgrade-request-info';
export { WsCloseCode } from './close-codes';
export { DEFAULT_HEARTBEAT_INTERVAL_MS } from './heartbeat';
export { DEFAULT_MAX_PAYLOAD, DEFAULT_PATH, type VerifyToken, type WsOptions, type ResolvedWsOptions } from './ws-options';
// The Host/Origin guard lives in @armature/core (shared with @armature/http); re-exported for convenience.
export { LOOPBACK_HOSTS, type Allowlist, type HostOriginGuard } from '@armature/core/internal';
