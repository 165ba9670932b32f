import type { ActiveRequestContext } from '../context/active-request-context';
import { isTerminal, type TaskRecord } from '../tasks/task-model';
import type { Running } from './running-task';

/**
 * 2025 `tasks/result` of a task running here: resolves once the task is terminal or the request
 * ends. Meanwhile the request is the task's newest result waiter: its stream carries the task's messages.
 */
export function untilTerminal(running: Running, ctx: ActiveRequestContext): Promise<void> {
  return new Promise<void>((resolve) => {
    running.resultWaiters.push(ctx);
    const done = (): void => {
      const at = running.resultWaiters.indexOf(ctx);
      if (at >= 0) running.resultWaiters.splice(at, 1);
      resolve();
    };
    running.whenTerminal.push(done);
    ctx.signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * 2025 `tasks/result` of a task another instance runs (no signal reaches here when it ends):
 * reads the record every `everyMs` until it is terminal; rejects with the reason once `signal` aborts.
 */
export async function pollUntilTerminal(read: () => Promise<TaskRecord>, everyMs: number, signal: AbortSignal): Promise<TaskRecord> {
  for (;;) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, everyMs);
      signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
    if (signal.aborted) throw signal.reason;
    const record = await read();
    if (isTerminal(record.status)) return record;
  }
}
