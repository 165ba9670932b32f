import { ArmatureError } from '@armature/di';
import { EngineErrorCode } from '../errors/engine-error-codes';

/** The rejection a handler's pending question gets when its attempt ends with `input_required`. */
export class InputRequiredSignal extends ArmatureError {
  constructor() {
    super(
      EngineErrorCode.INPUT_REQUIRED,
      'The request ended with input_required: the client answers and retries it, and the handler runs again from the start',
    );
  }
}
