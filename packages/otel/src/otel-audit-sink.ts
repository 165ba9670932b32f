import { logs, SeverityNumber, type AnyValueMap, type Logger, type LoggerProvider, type LogAttributes } from '@opentelemetry/api-logs';
import type { AuditEvent, AuditSink } from '@armature/core/observability';
import { MCP_ATTRIBUTES } from './attributes';

/** Options of {@link otelAuditSink}. */
export interface OtelAuditSinkOptions {
  /**
   * Where log records go. Default: the global provider (`logs.getLoggerProvider()`), through
   * its proxy, so an SDK registered after the app is picked up.
   */
  readonly loggerProvider?: LoggerProvider;
}

/** `eventName` prefix of audit log records: `armature.audit.call.started` and so on. */
export const AUDIT_EVENT_PREFIX = 'armature.audit.';

/** Attribute names audit log records carry besides the MCP ones. */
export const AUDIT_ATTRIBUTES = Object.freeze({
  principal: 'armature.principal',
  fingerprint: 'armature.tool.fingerprint',
  outcome: 'armature.audit.outcome',
  durationMs: 'armature.audit.duration_ms',
} as const);

const SCOPE = '@armature/otel';
const SCOPE_VERSION = '0.1.0';

function attributesOf(event: AuditEvent): LogAttributes {
  const attributes: LogAttributes = {
    [MCP_ATTRIBUTES.methodName]: event.method,
    [MCP_ATTRIBUTES.requestId]: String(event.requestId),
  };
  if (event.principal !== null) attributes[AUDIT_ATTRIBUTES.principal] = event.principal;
  if (event.session !== undefined) attributes[MCP_ATTRIBUTES.sessionId] = event.session;
  if (event.protocolVersion !== undefined) attributes[MCP_ATTRIBUTES.protocolVersion] = event.protocolVersion;
  if (event.tool !== undefined) attributes[MCP_ATTRIBUTES.toolName] = event.tool;
  if (event.fingerprint !== undefined) attributes[AUDIT_ATTRIBUTES.fingerprint] = event.fingerprint;
  if (event.prompt !== undefined) attributes[MCP_ATTRIBUTES.promptName] = event.prompt;
  if (event.uri !== undefined) attributes[MCP_ATTRIBUTES.resourceUri] = event.uri;
  if (event.outcome !== undefined) attributes[AUDIT_ATTRIBUTES.outcome] = event.outcome;
  if (event.durationMs !== undefined) attributes[AUDIT_ATTRIBUTES.durationMs] = event.durationMs;
  if (event.errorCode !== undefined) attributes[MCP_ATTRIBUTES.responseStatusCode] = String(event.errorCode);
  return attributes;
}

/**
 * An audit sink that emits each record as an OpenTelemetry log record (`@opentelemetry/api-logs`):
 * `eventName` `armature.audit.call.started` / `.finished` / `.failed` (severity INFO, WARN for a
 * failed call), the MCP attributes of the request spans plus `armature.principal`,
 * `armature.tool.fingerprint`, `armature.audit.outcome` and `armature.audit.duration_ms`, and
 * the whole record — arguments already redacted — as the body.
 *
 * ```ts
 * const app = await Armature.create(AppModule, { name: 'notes', version: '1.0.0', audit: otelAuditSink() });
 * ```
 */
export function otelAuditSink(options: OtelAuditSinkOptions = {}): AuditSink {
  const logger: Logger = (options.loggerProvider ?? logs.getLoggerProvider()).getLogger(SCOPE, SCOPE_VERSION);
  return {
    record(event: AuditEvent): void {
      const failed = event.type === 'call.failed';
      logger.emit({
        eventName: `${AUDIT_EVENT_PREFIX}${event.type}`,
        timestamp: new Date(event.time),
        severityNumber: failed ? SeverityNumber.WARN : SeverityNumber.INFO,
        severityText: failed ? 'WARN' : 'INFO',
        attributes: attributesOf(event),
        // A record is plain JSON, which is a valid log body.
        body: event as unknown as AnyValueMap,
      });
    },
  };
}
