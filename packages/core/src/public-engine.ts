// Public exports of the protocol engine (JSON-RPC, sessions, transports, request context).
export * from './context/request-context';
export * from './protocol/server-features';
export * from './transport/transport';
export * from './errors/wire-error-codes';
export * from './errors/wire-error';
export type * from './protocol/mcp-types.generated';
