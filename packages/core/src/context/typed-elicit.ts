import { ArmatureError } from '@armature/di';
import { EngineErrorCode } from '../errors/engine-error-codes';
import type { RelatedRequest, RequestHost } from './request-host';
import { ElicitAnswerError } from './elicit-answer.error';
import type { ElicitAnswer, ElicitFormOptions } from './typed-elicit.types';

/**
 * `ctx.elicit<T>(message, { key })`: asks the form `armature build` stored under `key` (the
 * revision's way, like any question), and checks accepted content against it before handing
 * it over as `T`.
 */
export async function askTypedForm(
  host: RequestHost,
  related: RelatedRequest,
  message: string,
  options: ElicitFormOptions | undefined,
): Promise<ElicitAnswer<unknown>> {
  const key = options?.key;
  const form = typeof key === 'string' ? host.elicitForm?.(key) : undefined;
  if (typeof key !== 'string' || form === undefined) {
    throw new ArmatureError(
      EngineErrorCode.ELICIT_FORM_MISSING,
      typeof key !== 'string'
        ? 'ctx.elicit(message, options) needs options.key: the form made from its type argument is stored under it.'
        : `No form is stored under the key "${key.slice(0, 64)}" in the manifest. Run \`armature build\`: it makes the form from the type argument of ctx.elicit<T>(message, { key: "${key.slice(0, 64)}" }).`,
    );
  }
  const result = await host.request('elicitation/create', { mode: 'form', message, requestedSchema: form.schema }, related, key);
  if (result.action === 'decline' || result.action === 'cancel') return { action: result.action };
  const checked = form.validate(result.content ?? {});
  if (!checked.valid) throw new ElicitAnswerError(key, checked.issues);
  return { action: 'accept', content: checked.value };
}
