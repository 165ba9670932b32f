import { ArmatureError } from '@armature/di';
import type { TestingErrorCode } from './testing-error-codes';

/** Builds the `ArmatureError` for `code`, its message prefixed with the code. */
export function testingError(code: TestingErrorCode, message: string, options?: ErrorOptions): ArmatureError {
  return new ArmatureError(code, `${code}: ${message}`, options);
}
