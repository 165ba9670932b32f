/**
 * How fast one request may send notifications. Progress beyond the rate is coalesced (the
 * latest value wins); log messages beyond it are dropped and counted. Both keep a client that
 * reads slower than a handler produces from being buried, and keep a request's final answer
 * from queueing behind notifications nobody needs any more.
 */
export interface NotificationPacing {
  /** Shortest gap between two progress notifications of one request, in ms (0: no cap). */
  readonly progressIntervalMs: number;
  /** Most log notifications of one request per second (Infinity: no cap). */
  readonly maxLogsPerSecond: number;
}

/** Default `maxProgressPerSecond`: 20 progress notifications per second and request. */
export const DEFAULT_MAX_PROGRESS_PER_SECOND = 20;
/** Default `maxLogsPerSecond`: 100 log notifications per second and request. */
export const DEFAULT_MAX_LOGS_PER_SECOND = 100;

export const DEFAULT_PACING: NotificationPacing = Object.freeze({
  progressIntervalMs: 1000 / DEFAULT_MAX_PROGRESS_PER_SECOND,
  maxLogsPerSecond: DEFAULT_MAX_LOGS_PER_SECOND,
});

/** Whether `value` is a usable per-second cap: a positive number (Infinity: no cap). */
export function isRate(value: unknown): value is number {
  return typeof value === 'number' && value > 0;
}

/** The pacing the app options ask for (checked by the options' validation). */
export function resolvePacing(maxProgressPerSecond: number | undefined, maxLogsPerSecond: number | undefined): NotificationPacing {
  if (maxProgressPerSecond === undefined && maxLogsPerSecond === undefined) return DEFAULT_PACING;
  const progress = maxProgressPerSecond ?? DEFAULT_MAX_PROGRESS_PER_SECOND;
  return Object.freeze({
    progressIntervalMs: progress === Infinity ? 0 : 1000 / progress,
    maxLogsPerSecond: maxLogsPerSecond ?? DEFAULT_MAX_LOGS_PER_SECOND,
  });
}
