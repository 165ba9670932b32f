import { invalidClientResult } from '../context/client-capability-check';
import { isTerminal, type TaskInputRequest, type TaskPatch, type TaskRecord } from '../tasks/task-model';
import { checkedAnswer, type Question, type Running } from './running-task';
import { questionsPatch } from './task-questions';
import type { TaskRunner } from './task-runner';

/**
 * 2026 `tasks/update` of a task running here: the answers to its outstanding questions are
 * checked (-32602 naming the key otherwise), the record is stored without them, then each
 * question resolves. Keys not outstanding are ignored.
 */
export async function answerHere(runner: TaskRunner, running: Running, responses: Record<string, unknown>): Promise<void> {
  const answered: [Question, Record<string, unknown>][] = [];
  for (const key of Object.keys(responses)) {
    const question = running.questions.get(key);
    if (question === undefined) continue;
    answered.push([question, checkedAnswer(key, question.method, responses[key])]);
  }
  if (answered.length === 0) return;
  for (const key of Object.keys(responses)) running.questions.delete(key);
  await runner.write(running, questionsPatch(running));
  for (const [question, answer] of answered) question.resolve(answer);
}

/**
 * Answers another instance received for a task running here (checked and stored there): each
 * one that still fits an outstanding question resolves it once the record is stored here too.
 */
export function answerSignalled(runner: TaskRunner, running: Running, responses: Readonly<Record<string, unknown>>): void {
  const answered: [Question, Record<string, unknown>][] = [];
  for (const key of Object.keys(responses)) {
    const question = running.questions.get(key);
    const answer = responses[key];
    if (
      question === undefined ||
      typeof answer !== 'object' ||
      answer === null ||
      invalidClientResult(question.method, answer as Record<string, unknown>) !== undefined
    )
      continue;
    running.questions.delete(key);
    answered.push([question, answer as Record<string, unknown>]);
  }
  if (answered.length === 0) return;
  void runner.write(running, questionsPatch(running)).then(() => {
    for (const [question, answer] of answered) question.resolve(answer);
  });
}

/**
 * `tasks/update` of a task another instance runs: the answers checked against the stored
 * questions, and the patch of its record; undefined when no outstanding question is answered.
 */
export function answersElsewhere(
  record: TaskRecord,
  responses: Record<string, unknown>,
): { readonly answers: Record<string, unknown>; readonly patch: TaskPatch } | undefined {
  const outstanding = record.inputRequests;
  if (outstanding === undefined || isTerminal(record.status)) return undefined;
  const answers: Record<string, unknown> = {};
  const remaining: Record<string, TaskInputRequest> = { ...outstanding };
  for (const key of Object.keys(responses)) {
    const question = Object.prototype.hasOwnProperty.call(outstanding, key) ? outstanding[key] : undefined;
    if (question === undefined) continue;
    answers[key] = checkedAnswer(key, question.method, responses[key]);
    delete remaining[key];
  }
  if (Object.keys(answers).length === 0) return undefined;
  const patch: TaskPatch =
    Object.keys(remaining).length === 0 ? { status: 'working', inputRequests: undefined } : { inputRequests: remaining };
  return { answers, patch };
}
