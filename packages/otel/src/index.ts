// Public API of @armature/otel: OpenTelemetry spans and metrics for every MCP request.
export { otelObserver, type OtelObserverOptions } from './otel-observer';
export { MCP_ATTRIBUTES, MCP_SERVER_OPERATION_DURATION, DURATION_BUCKETS, TOOL_ERROR, CANCELLED, MAX_ATTRIBUTE_CHARS } from './attributes';
export { parseTraceparent } from './trace-context';
export { otelAuditSink, type OtelAuditSinkOptions, AUDIT_EVENT_PREFIX, AUDIT_ATTRIBUTES } from './otel-audit-sink';
