import { WebSocket } from 'ws';
import { openRaw } from '../support/raw-client';

/** A received message with the members these tests read. */
export type WsMessage = {
  id?: string | number;
  method?: string;
  result?: Record<string, unknown> & { content?: { type: string; text?: string }[]; isError?: boolean };
  error?: { code: number; message: string; data?: unknown };
};

/** A raw WebSocket peer that records every message and waits (bounded) for the ones it needs. */
export class WsPeer {
  readonly messages: WsMessage[] = [];
  /** Every message as received (for checks JSON.parse would blur, such as rounded ids). */
  readonly raw: string[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.raw.push(String(data));
      this.messages.push(JSON.parse(String(data)) as WsMessage);
    });
  }

  static async open(url: string): Promise<WsPeer> {
    return new WsPeer(await openRaw(url));
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  start(method: string, params: Record<string, unknown> | undefined, id: string | number): void {
    this.send(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
  }

  async request(method: string, params: Record<string, unknown> | undefined, id: string | number, timeoutMs = 5000): Promise<WsMessage> {
    this.start(method, params, id);
    return this.responseTo(id, timeoutMs);
  }

  call(name: string, args: Record<string, unknown>, id: string | number): Promise<WsMessage> {
    return this.request('tools/call', { name, arguments: args }, id);
  }

  async initialize(): Promise<void> {
    const response = await this.request(
      'initialize',
      { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'ws-hostile', version: '1' } },
      'init',
    );
    if (response.result === undefined) throw new Error(`initialize failed: ${JSON.stringify(response)}`);
    this.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }

  responsesTo(id: string | number): WsMessage[] {
    return this.messages.filter((m) => m.id === id && m.method === undefined);
  }

  async responseTo(id: string | number, timeoutMs = 5000): Promise<WsMessage> {
    await this.until(() => this.responsesTo(id).length > 0, `the response to #${String(id)}`, timeoutMs);
    return this.responsesTo(id)[0] as WsMessage;
  }

  /** Polls `predicate` on each turn of the event loop; rejects after `timeoutMs`. */
  async until(predicate: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  close(): void {
    this.socket.close();
  }
}
