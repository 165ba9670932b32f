// `@armature/core/tasks`: the ports a task store and its cross-instance signals implement
// (`@armature/redis` is one), with the record shapes they hold.
export type { TaskStore, TaskPage } from './tasks/task-store';
export type { TaskRecord, TaskSupport, TaskPatch, TaskLimits, TaskError, TaskInputRequest } from './tasks/task-model';
export { TaskCapacityError, TASKS_EXTENSION, storedTaskRecord } from './tasks/task-model';
export { InMemoryTaskStore } from './tasks/in-memory-task-store';
export type { TaskSignal, TaskSignals } from './tasks/task-signals';
