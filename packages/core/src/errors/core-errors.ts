import type { ErrorRegistry } from '@armature/di';
import { ENGINE_ERRORS } from './engine-error-codes';
import { APP_ERRORS } from './local-error-codes';
import { WIRE_ERRORS } from './wire-error-codes';

/** Every error code @armature/core raises, local and wire, in the one registry shape (docs/errors.md). */
export const CORE_ERRORS: readonly ErrorRegistry[] = Object.freeze([APP_ERRORS, ENGINE_ERRORS, WIRE_ERRORS]);
