/**
 * Attribute and metric names of the OpenTelemetry MCP semantic conventions (status:
 * development), the ones an MCP server span and `mcp.server.operation.duration` carry.
 */
export const MCP_ATTRIBUTES = Object.freeze({
  methodName: 'mcp.method.name',
  protocolVersion: 'mcp.protocol.version',
  sessionId: 'mcp.session.id',
  resourceUri: 'mcp.resource.uri',
  requestId: 'jsonrpc.request.id',
  toolName: 'gen_ai.tool.name',
  promptName: 'gen_ai.prompt.name',
  operationName: 'gen_ai.operation.name',
  errorType: 'error.type',
  responseStatusCode: 'rpc.response.status_code',
  networkProtocolName: 'network.protocol.name',
  networkTransport: 'network.transport',
} as const);

/** The server-side duration histogram (seconds). */
export const MCP_SERVER_OPERATION_DURATION = 'mcp.server.operation.duration';

/** Bucket boundaries the conventions advise for the duration histogram, in seconds. */
export const DURATION_BUCKETS: readonly number[] = Object.freeze([0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300]);

/** `error.type` of a `tools/call` whose result says `isError: true`. */
export const TOOL_ERROR = 'tool_error';
/** `error.type` of a request the client cancelled or walked away from (no answer was sent). */
export const CANCELLED = 'cancelled';

/** Longest client-sent string (a tool name, a URI) copied into an attribute; longer ones are cut. */
export const MAX_ATTRIBUTE_CHARS = 256;

/** A client-sent string, cut to a bounded length: telemetry never echoes unbounded input. */
export function bounded(value: string): string {
  return value.length > MAX_ATTRIBUTE_CHARS ? `${value.slice(0, MAX_ATTRIBUTE_CHARS)}…` : value;
}
