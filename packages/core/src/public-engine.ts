// Public exports of the protocol engine (JSON-RPC, sessions, transports, request context).
export * from './context/request-context';
export * from './protocol/server-features';
export * from './transport/transport';
export * from './errors/wire-error-codes';
export * from './errors/wire-error';
export * from './jsonrpc/decode-limits';
export * from './jsonrpc/json-rpc-decoder';
export { encodeJsonRpc, type EncodeFailureHandler } from './jsonrpc/json-rpc-encoder';
export { errorResponse, isRequestId } from './jsonrpc/json-rpc-errors';
export { checkJsonRpcShape, type ShapeProblem } from './jsonrpc/json-rpc-shape';
export type * from './protocol/mcp-types.generated';
