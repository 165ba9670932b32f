/**
 * WebSocket close codes the gateway sends (RFC 6455 §7.4.1), with the reasons that go with
 * them. Reasons stay under the protocol's 123-byte limit.
 */
export const WsCloseCode = {
  /** Normal closure: `transport.close()` or the session ended. */
  Normal: 1000,
  /** The server is shutting down (`handle.close()`). */
  GoingAway: 1001,
  /** A binary frame: MCP messages are JSON text, one per text frame. */
  UnsupportedData: 1003,
  /** A text frame that is not valid UTF-8 (RFC 6455 §8.1). */
  InvalidPayload: 1007,
  /** The peer stopped reading (more than `maxBufferedBytes` queued for it), or its token expired or was revoked. */
  PolicyViolation: 1008,
  /** A message larger than `maxPayload`. */
  MessageTooBig: 1009,
  /** The app refused or failed to open a session for the connection. */
  InternalError: 1011,
} as const;

/** The close reasons sent with the codes above. */
export const WsCloseReason = {
  binary: 'Binary frames are not supported: send one JSON-RPC message per text frame',
  invalidUtf8: 'Invalid UTF-8 in a text frame',
  tooBig: (limit: number): string => `Message too big: the limit is ${limit} bytes`,
  shutdown: 'Server shutting down',
  sendBufferFull: (limit: number): string => `Send buffer full: more than ${limit} bytes queued for a client that is not reading`,
  sessionFailed: 'Could not open an MCP session',
  tokenExpired: 'The access token expired; reconnect with a fresh one',
  tokenRejected: 'The access token is no longer accepted; reconnect with a fresh one',
} as const;
