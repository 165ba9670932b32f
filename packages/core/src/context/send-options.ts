import type { RequestId } from '../wire/mcp-types.generated';

/** Options for one outgoing message. */
export interface TransportSendOptions {
  /**
   * The incoming request this message belongs to (its response, or a progress/log
   * notification or server→client request sent while handling it). Streamable HTTP uses
   * it to put the message on that request's response stream; stream transports ignore it.
   */
  readonly relatedRequestId?: RequestId;
  /**
   * A broadcast's key, the same on every instance that delivers it (`BusEvent.eventKey`): a
   * transport whose copies of one session share a stored stream keeps the broadcast there once.
   */
  readonly eventKey?: string;
}
