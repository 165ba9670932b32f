// Public exports of the protocol engine (JSON-RPC, sessions, transports, request context).
export * from './context/request-context';
export * from './protocol/server-features';
export * from './transport/transport';
export type * from './protocol/mcp-types.generated';
