import { ArmatureError } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';

/**
 * The local error codes this module raises: entries of core's registry (`LocalErrorCode`),
 * so one code means one thing across the package.
 */
export const UriTemplateErrorCode = {
  /** The template is not RFC 6570. */
  INVALID: LocalErrorCode.INVALID_URI_TEMPLATE,
  /** `UriTemplate.parse` options are malformed. */
  INVALID_OPTIONS: LocalErrorCode.INVALID_OPTIONS,
} as const;

/** An `ARM_ERR_INVALID_URI_TEMPLATE` naming the template, what is wrong, and where. */
export function invalidTemplate(template: string, problem: string, offset?: number): ArmatureError {
  const at = offset === undefined ? '' : ` at offset ${offset}`;
  return new ArmatureError(UriTemplateErrorCode.INVALID, `Invalid URI template ${quote(template)}${at}: ${problem}`);
}

/** A string quoted for a message: escaped, and cut to a readable length. */
export function quote(value: string, max = 120): string {
  const cut = value.length > max ? `${value.slice(0, max)}…` : value;
  return JSON.stringify(cut);
}
