import { ArmatureError } from '@armature/di';
import type { UnsafeValuePolicy, UriTemplateOptions } from './uri-template.types';
import { UriTemplateErrorCode } from './uri-template-errors';

/** Default longest URI matching will look at: 8 KiB of UTF-16 code units. */
export const DEFAULT_MAX_URI_LENGTH = 8192;

/** Options with every default applied. */
export interface ResolvedUriTemplateOptions {
  readonly maxUriLength: number;
  /** Each `true` switches the matching safety check off. */
  readonly allow: Readonly<Required<UnsafeValuePolicy>>;
  readonly allowUnknownQueryParams: boolean;
}

const POLICY_KEYS = ['dotSegments', 'controlCharacters', 'encodedSeparators', 'backslashes', 'absolutePaths'] as const;
const OPTION_KEYS = ['maxUriLength', 'allowUnsafeValues', 'allowUnknownQueryParams'];

/** Applies defaults and rejects malformed options with `ARM_ERR_INVALID_OPTIONS`. */
export function resolveOptions(template: string, options: UriTemplateOptions | undefined): ResolvedUriTemplateOptions {
  const o: UriTemplateOptions = options ?? {};
  if (typeof o !== 'object' || o === null) fail(template, 'options must be an object');
  for (const key of Object.keys(o)) {
    if (!OPTION_KEYS.includes(key)) fail(template, `unknown option "${key}" (known: ${OPTION_KEYS.join(', ')})`);
  }
  const max = o.maxUriLength ?? DEFAULT_MAX_URI_LENGTH;
  if (typeof max !== 'number' || !Number.isSafeInteger(max) || max < 1) {
    fail(template, 'maxUriLength must be a positive integer');
  }
  const unknownParams = o.allowUnknownQueryParams ?? false;
  if (typeof unknownParams !== 'boolean') fail(template, 'allowUnknownQueryParams must be a boolean');
  return Object.freeze({
    maxUriLength: max,
    allow: Object.freeze(resolvePolicy(template, o.allowUnsafeValues ?? false)),
    allowUnknownQueryParams: unknownParams,
  });
}

function resolvePolicy(template: string, value: unknown): Required<UnsafeValuePolicy> {
  if (typeof value === 'boolean') {
    return { dotSegments: value, controlCharacters: value, encodedSeparators: value, backslashes: value, absolutePaths: value };
  }
  if (typeof value !== 'object' || value === null) fail(template, 'allowUnsafeValues must be a boolean or an object');
  const policy = value as Record<string, unknown>;
  for (const key of Object.keys(policy)) {
    if (!(POLICY_KEYS as readonly string[]).includes(key)) {
      fail(template, `unknown allowUnsafeValues key "${key}" (known: ${POLICY_KEYS.join(', ')})`);
    }
    if (typeof policy[key] !== 'boolean' && policy[key] !== undefined) fail(template, `allowUnsafeValues.${key} must be a boolean`);
  }
  const flag = (key: (typeof POLICY_KEYS)[number]): boolean => policy[key] === true;
  return {
    dotSegments: flag('dotSegments'),
    controlCharacters: flag('controlCharacters'),
    encodedSeparators: flag('encodedSeparators'),
    backslashes: flag('backslashes'),
    absolutePaths: flag('absolutePaths'),
  };
}

function fail(template: string, problem: string): never {
  throw new ArmatureError(UriTemplateErrorCode.INVALID_OPTIONS, `Invalid options for URI template ${JSON.stringify(template)}: ${problem}`);
}
