import { ArmatureError } from '@armature/di';
import { EngineErrorCode } from './engine-error-codes';

/** The client answered a server→client request (`elicitation/create`, `sampling/createMessage`, `roots/list`) with an error. */
export class ClientRequestError extends ArmatureError {
  /**
   * @param method The method the server sent.
   * @param wireCode The client's JSON-RPC error code.
   * @param wireMessage The client's error message.
   * @param data The client's error data, if any.
   */
  constructor(
    readonly method: string,
    readonly wireCode: number,
    readonly wireMessage: string,
    readonly data?: unknown,
  ) {
    super(EngineErrorCode.CLIENT_REQUEST_FAILED, `The client answered ${method} with error ${wireCode}: ${wireMessage}`);
    this.name = 'ClientRequestError';
  }
}
