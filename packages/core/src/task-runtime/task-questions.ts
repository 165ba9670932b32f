import { ArmatureError } from '@armature/di';
import { missingClientCapability } from '../context/client-capability-check';
import { EngineErrorCode } from '../errors/engine-error-codes';
import type { TaskInputRequest, TaskPatch } from '../tasks/task-model';
import type { Running } from './running-task';

/**
 * 2026: a handler's question inside a task becomes an outstanding input request under a key
 * unique over the task's life; `write` stores the task's new questions. Resolves with the
 * client's answer (`tasks/update`, see task-answers.ts).
 */
export function askInTask(
  running: Running,
  method: string,
  params: Record<string, unknown>,
  askedKey: string | undefined,
  write: (patch: TaskPatch) => void,
): Promise<Record<string, unknown>> {
  if (running.done)
    return Promise.reject(running.ctx.signal.reason ?? new ArmatureError(EngineErrorCode.REQUEST_CANCELLED, 'The task ended'));
  const missing = missingClientCapability(method, params, running.ctx.session.clientCapabilities);
  if (missing !== undefined)
    return Promise.reject(
      new ArmatureError(
        EngineErrorCode.CLIENT_CAPABILITY_MISSING,
        `Cannot ask ${method} in this task: the client did not declare the "${missing}" capability`,
      ),
    );
  let key = askedKey ?? `input-${running.usedKeys.size + 1}`;
  // Keys are unique over the task's life: a reused one gets a suffix.
  for (let n = 2; running.usedKeys.has(key); n += 1) key = `${askedKey ?? 'input'}-${n}`;
  running.usedKeys.add(key);
  return new Promise((resolve, reject) => {
    running.questions.set(key, { method, params, resolve, reject });
    write(questionsPatch(running));
  });
}

/** The status and input requests a task's outstanding questions give it (`working` when none is left). */
export function questionsPatch(running: Running): TaskPatch {
  if (running.questions.size === 0) return { status: 'working', inputRequests: undefined };
  const inputRequests: Record<string, TaskInputRequest> = {};
  for (const [key, question] of running.questions) inputRequests[key] = { method: question.method, params: question.params };
  return { status: 'input_required', inputRequests };
}
