/**
 * Server-Sent Events framing (WHATWG HTML §9.2). JSON text never contains a raw CR or LF
 * (JSON.stringify escapes them), so each message fits one `data:` line.
 */

/** One message event, with an event id when the stream is resumable. */
export function sseEvent(id: string | undefined, json: string): string {
  return id === undefined ? `event: message\ndata: ${json}\n\n` : `id: ${id}\nevent: message\ndata: ${json}\n\n`;
}

/**
 * A priming event (MCP 2025-11-25, transports §Sending Messages to the Server): an id with
 * empty data, so the client can reconnect with `Last-Event-ID` even before the first message.
 */
export function ssePriming(id: string, retryMs: number | undefined): string {
  return retryMs === undefined ? `id: ${id}\ndata: \n\n` : `id: ${id}\nretry: ${retryMs}\ndata: \n\n`;
}

/** The `retry` field alone: how long the client waits before reconnecting after we close. */
export function sseRetry(retryMs: number): string {
  return `retry: ${retryMs}\n\n`;
}

/** A comment line, ignored by clients, that keeps idle proxies from closing the stream. */
export const SSE_KEEP_ALIVE = ': keep-alive\n\n';
