// `@armature/core/observability`: the telemetry seam. A `RequestObserver` (the app's `observer`
// option) sees every request of both revisions, refusals included, and its answer;
// `@armature/otel` is one (docs/observability.md).
export type { HeaderLookup, ObservedRequest, RequestObservation, RequestObserver } from './kernel/request-observer';
// The audit stream (the app's `audit` option): the port, its records, and the JSON-lines default.
export type { AuditEvent, AuditEventType, AuditOutcome, AuditSink } from './audit/audit-sink';
export { JsonLinesAuditSink, type JsonLinesAuditOptions } from './audit/json-lines-audit-sink';
export { REDACTED } from './audit/redaction';
// `@Sensitive()` on a DTO property or handler parameter: the decorator form of the `@sensitive` tag.
export { Sensitive } from './audit/sensitive.decorator';
