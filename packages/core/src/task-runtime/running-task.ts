import type { ActiveRequestContext } from '../context/active-request-context';
import type { RequestHost } from '../context/request-host';
import type { AuthInfo } from '../context/request-context';
import { principalKey } from '../context/principal';
import { invalidClientResult } from '../context/client-capability-check';
import { isMcpWireError, McpWireError } from '../errors/wire-error';
import { WireErrorCode } from '../errors/wire-error-codes';
import type { ServerLogger } from '../logging/server-logger';
import type { RevisionTasks } from '../tasks/revision-tasks';
import type { TaskHost } from '../tasks/task-host';
import type { TaskError, TaskInputRequest } from '../tasks/task-model';

/** A question a running task's handler waits on, with how to hand it the answer. */
export interface Question extends TaskInputRequest {
  readonly resolve: (answer: Record<string, unknown>) => void;
  readonly reject: (error: unknown) => void;
}

/** A task this process runs: its handler's context and what it waits on. */
export interface Running {
  readonly taskId: string;
  readonly toolName: string;
  /** The creating session's id (2025; see `TaskRecord.sessionId`). */
  readonly sessionId: string | undefined;
  /** How its revision runs tasks. */
  readonly tasks: RevisionTasks;
  /** Epoch ms past which the record is gone: the work stops then. */
  readonly expiresAt: number;
  readonly ctx: ActiveRequestContext;
  readonly host: TaskHost;
  /** The creating request's host (2025: status notifications go to its session through it). */
  readonly creatorHost: RequestHost;
  readonly questions: Map<string, Question>;
  readonly usedKeys: Set<string>;
  /** `tasks/result` requests waiting (2025), newest last; their stream carries the task's messages. */
  readonly resultWaiters: ActiveRequestContext[];
  readonly whenTerminal: (() => void)[];
  /** Store writes in order (a shared store may be asynchronous). */
  writes: Promise<unknown>;
  askedOut: number;
  done: boolean;
}

/** A task id as an error message may show it (bounded: ids come from clients). */
export function shownId(taskId: string): string {
  return JSON.stringify(taskId.length > 64 ? `${taskId.slice(0, 64)}…` : taskId);
}

/** A client's answer to a task's question, checked as a result of `method`; -32602 naming the key otherwise. */
export function checkedAnswer(key: string, method: string, answer: unknown): Record<string, unknown> {
  const problem =
    typeof answer === 'object' && answer !== null && !Array.isArray(answer)
      ? invalidClientResult(method, answer as Record<string, unknown>)
      : 'it must be an object';
  if (problem !== undefined)
    throw McpWireError.invalidParams(`Invalid params: inputResponses[${shownId(key)}] is not a valid ${method} result: ${problem}`);
  return answer as Record<string, unknown>;
}

/** The principal a task belongs to (`principalKey`: issuer, subject and client id), '' without authentication. */
export function ownerOf(authInfo: AuthInfo | undefined): string {
  return principalKey(authInfo) ?? '';
}

/** The `error` of a task whose handler threw `thrown`: a wire error numbered by the task's revision, anything else logged and -32603. */
export function failureOf(running: Running, thrown: unknown, logger: ServerLogger): TaskError {
  if (isMcpWireError(thrown)) {
    const code = running.tasks.errorCode(thrown.code);
    return thrown.data === undefined ? { code, message: thrown.message } : { code, message: thrown.message, data: thrown.data };
  }
  try {
    logger.error(`Task ${running.taskId} (tool "${running.toolName}") failed with an unexpected error`, thrown);
  } catch {
    // A value the logger cannot format must not keep the task working forever.
  }
  return { code: WireErrorCode.InternalError, message: 'Internal error' };
}
