import { WebSocket } from 'ws';

// The SDK's WebSocketClientTransport uses the global WebSocket, which Node 20 lacks.
const scope = globalThis as { WebSocket?: unknown };
if (scope.WebSocket === undefined) scope.WebSocket = WebSocket;
