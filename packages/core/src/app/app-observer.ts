import type { ArmatureOptions } from './armature-options';
import { observerPair } from '../kernel/observer-pair';
import type { RequestObserver } from '../kernel/request-observer';
import type { ServerLogger } from '../logging/server-logger';
import type { RouteTables } from '../routes/route-tables';
import { AuditObserver } from '../audit/audit-observer';

/**
 * The observer the kernel runs: the app's `requestObserver`, its audit stream (the `audit`
 * option), both, or none — undefined then, so the request path does no observing work.
 * Tools are looked up when a call starts, so tools registered or reloaded later are described too.
 */
export function appObserver(options: ArmatureOptions, tables: RouteTables, logger: ServerLogger): RequestObserver | undefined {
  if (options.audit === undefined) return options.requestObserver;
  const audit = new AuditObserver(options.audit, (name) => tables.tools.get(name)?.source.manifest, logger);
  return options.requestObserver === undefined ? audit : observerPair(options.requestObserver, audit);
}
