/**
 * What one instance tells the others about a task it does not run: a client cancelled it, or
 * answered its questions, on another instance than the one whose handler waits. The record
 * change is already stored when a signal is published; the signal only reaches the running work.
 */
export type TaskSignal =
  | { readonly kind: 'cancel'; readonly taskId: string }
  | { readonly kind: 'answers'; readonly taskId: string; readonly responses: Readonly<Record<string, unknown>> };

/**
 * The port that carries `TaskSignal`s between instances (`@armature/redis` on pub/sub). Without
 * one (the default) an app is one instance and every task runs where it is controlled.
 */
export interface TaskSignals {
  /** Sends `signal` to every instance (this one included, or not: receivers ignore tasks they do not run). */
  publish(signal: TaskSignal): Promise<void>;
  /** Calls `listener` for every signal published by any instance; returns the unsubscribe function. */
  subscribe(listener: (signal: TaskSignal) => void): () => void;
}
