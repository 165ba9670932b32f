import type { ReconnectOptions } from './proxy-options';

/** The delay before reconnect attempt `attempt` (1-based): doubling from `initialDelayMs`, capped, with ±20 % jitter. */
export function backoffDelay(attempt: number, { initialDelayMs, maxDelayMs }: Required<ReconnectOptions>): number {
  const base = Math.min(maxDelayMs, initialDelayMs * 2 ** Math.min(attempt - 1, 30));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}
