import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import { WsCloseCode, WsCloseReason } from './close-codes';

/**
 * ws enforces `maxPayload` and UTF-8 validity itself, from the frame header and before buffering anything, and
 * closes with 1009 or 1007 — but with an empty reason. We want the peer to read why. ws exposes no
 * hook, so we listen on its frame receiver (an internal `_receiver` EventEmitter, present
 * throughout ws 8) ahead of ws's own listener and close first with the same code and a
 * reason; ws's handler then finds the socket already closing and only finishes the job.
 * If a future ws moves the receiver, this quietly does nothing and ws's bare 1009 remains.
 */
export function explainOversizeClose(socket: WebSocket, limit: number): void {
  const receiver = (socket as unknown as { _receiver?: unknown })._receiver;
  if (!(receiver instanceof EventEmitter)) return;
  receiver.prependListener('error', (error: Error & { code?: unknown }) => {
    const tooBig = error.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' || error.code === 'WS_ERR_UNSUPPORTED_DATA_PAYLOAD_LENGTH';
    if (socket.readyState !== socket.OPEN) return;
    if (tooBig) socket.close(WsCloseCode.MessageTooBig, WsCloseReason.tooBig(limit));
    else if (error.code === 'WS_ERR_INVALID_UTF8') socket.close(WsCloseCode.InvalidPayload, WsCloseReason.invalidUtf8);
  });
}
