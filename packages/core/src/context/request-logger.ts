import type { LoggingLevel } from '../wire/mcp-types.generated';
import type { RequestLogger } from './request-context';

/** Something that can emit one log notification at a given level. */
export interface LogEmitter {
  emitLog(level: LoggingLevel, data: unknown, logger: string | undefined): Promise<void>;
}

/**
 * Builds the `ctx.log` object. Created lazily, once per request that logs; the methods are
 * own arrow functions so that `const { info } = ctx.log` works.
 */
export function createRequestLogger(emitter: LogEmitter): RequestLogger {
  return Object.freeze({
    debug: (data: unknown, logger?: string) => emitter.emitLog('debug', data, logger),
    info: (data: unknown, logger?: string) => emitter.emitLog('info', data, logger),
    notice: (data: unknown, logger?: string) => emitter.emitLog('notice', data, logger),
    warning: (data: unknown, logger?: string) => emitter.emitLog('warning', data, logger),
    error: (data: unknown, logger?: string) => emitter.emitLog('error', data, logger),
    critical: (data: unknown, logger?: string) => emitter.emitLog('critical', data, logger),
    alert: (data: unknown, logger?: string) => emitter.emitLog('alert', data, logger),
    emergency: (data: unknown, logger?: string) => emitter.emitLog('emergency', data, logger),
  });
}
