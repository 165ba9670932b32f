import type { ArmatureError } from '../errors/armature-error';
import { diError } from '../errors/di-error';
import { callHook, type LifecycleHook } from './lifecycle.interfaces';

/** An instance the container created, with the name messages use for it. */
export interface OwnedInstance {
  readonly instance: unknown;
  readonly label: string;
}

/**
 * Runs `hook` on every instance in reverse creation order, one at a time. A failing hook does
 * not stop the others; afterwards the failures are reported together in one error.
 */
export async function runHooksInReverse(
  owned: readonly OwnedInstance[],
  hook: Extract<LifecycleHook, 'onDispose' | 'onShutdown'>,
  where: string,
): Promise<void> {
  const failures: { label: string; error: unknown }[] = [];
  for (let i = owned.length - 1; i >= 0; i--) {
    try {
      await callHook(owned[i].instance, hook);
    } catch (error) {
      failures.push({ label: owned[i].label, error });
    }
  }
  if (failures.length > 0) throw hookFailure(hook, where, failures);
}

function hookFailure(hook: string, where: string, failures: { label: string; error: unknown }[]): ArmatureError {
  const code = hook === 'onDispose' ? 'ARM_ERR_DISPOSE_FAILED' : 'ARM_ERR_SHUTDOWN_FAILED';
  const list = failures.map((f) => `${f.label}: ${errorText(f.error)}`).join('; ');
  const count = failures.length === 1 ? `1 ${hook} hook` : `${failures.length} ${hook} hooks`;
  return diError(code, `${count} failed in ${where} (every hook still ran): ${list}.`, {
    cause: new AggregateError(
      failures.map((f) => f.error),
      `${hook} failures`,
    ),
  });
}

/** The message of an error, or the value itself. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
