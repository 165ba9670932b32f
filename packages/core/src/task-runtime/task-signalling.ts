import { abortReasons } from '../context/active-request-context';
import type { ServerLogger } from '../logging/server-logger';
import type { TaskRecord } from '../tasks/task-model';
import type { TaskStore } from '../tasks/task-store';
import type { TaskSignal, TaskSignals } from '../tasks/task-signals';
import { answersElsewhere, answerSignalled } from './task-answers';
import type { TaskRunner } from './task-runner';

/**
 * What instances sharing a task store tell each other: a cancel or answers received on one
 * instance for a task another runs are stored there, then signalled (`TaskSignals`), and the
 * running instance stops the work or hands the handler its answers.
 */
export class TaskSignalling {
  private readonly unsubscribe: (() => void) | undefined;

  constructor(
    private readonly signals: TaskSignals | undefined,
    private readonly store: TaskStore,
    private readonly runner: TaskRunner,
    private readonly logger: ServerLogger,
  ) {
    this.unsubscribe = signals?.subscribe((signal) => this.onSignal(signal));
  }

  /** A task stored as cancelled here runs elsewhere: the instance that runs it stops the work. */
  cancelled(taskId: string): Promise<void> {
    return this.publish({ kind: 'cancel', taskId });
  }

  /**
   * `tasks/update` for a task another instance runs: the answers are checked against the stored
   * questions and the record updated here (a `tasks/get` right after sees it), then the running
   * instance is signalled so the handler gets them.
   */
  async updateElsewhere(record: TaskRecord, responses: Record<string, unknown>): Promise<void> {
    const answered = answersElsewhere(record, responses);
    if (answered === undefined) return;
    await this.store.update(record.taskId, answered.patch, Date.now());
    await this.publish({ kind: 'answers', taskId: record.taskId, responses: answered.answers });
  }

  /** Stops listening (shutdown). */
  close(): void {
    this.unsubscribe?.();
  }

  /** A signal from another instance about a task this one may run. */
  private onSignal(signal: TaskSignal): void {
    const running = this.runner.get(signal.taskId);
    if (running === undefined || running.done) return;
    if (signal.kind === 'cancel') {
      // Already stored as cancelled by the instance that received the cancel.
      this.runner.stop(running, abortReasons.cancelled('tasks/cancel'));
      return;
    }
    answerSignalled(this.runner, running, signal.responses);
  }

  private async publish(signal: TaskSignal): Promise<void> {
    if (this.signals === undefined) return;
    try {
      await this.signals.publish(signal);
    } catch (error) {
      // The record is stored; only the running work misses the signal (a cancel then ends at expiry).
      this.logger.warn(`signalling ${signal.kind} of task ${signal.taskId} to the other instances failed`, error);
    }
  }
}
