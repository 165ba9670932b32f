import type { LoggingLevel } from '../wire/mcp-types.generated';

/** Severity order of MCP logging levels (RFC 5424), lowest first. */
const LEVEL_ORDER: Readonly<Record<LoggingLevel, number>> = Object.freeze({
  debug: 0,
  info: 1,
  notice: 2,
  warning: 3,
  error: 4,
  critical: 5,
  alert: 6,
  emergency: 7,
});

/** Every logging level, lowest severity first. */
export const LOGGING_LEVELS: readonly LoggingLevel[] = Object.freeze([
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
]);

/** The severity rank of a level, or -1 when `value` is not a logging level. */
export function loggingLevelRank(value: unknown): number {
  if (typeof value !== 'string' || !Object.prototype.hasOwnProperty.call(LEVEL_ORDER, value)) return -1;
  return LEVEL_ORDER[value as LoggingLevel];
}
