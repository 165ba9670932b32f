/** Options of `app.close()`. */
export interface CloseOptions {
  /**
   * How long requests in flight may still run, in milliseconds, while nothing new is
   * accepted (new requests are answered -32000 "The server is shutting down"). Requests still
   * running afterwards are answered -32000 and their `signal` aborts. Default: the app's
   * `drainMs` option (10 000). 0 closes at once.
   */
  readonly drainMs?: number;
}
