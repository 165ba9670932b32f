import type { MessageExtraInfo } from './transport';

/**
 * The `extra` core's stdio transport passes with every message: the message came from
 * `decodeJsonRpc`, which checked its JSON-RPC shape with the transport's own limits, so the
 * session does not check it a second time. Identity is the mark; it carries no facts.
 */
export const DECODED_EXTRA: MessageExtraInfo = Object.freeze({});
