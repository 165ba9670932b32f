import type { InMemoryTransport } from '@armature/core';

type JsonObject = Record<string, unknown>;

/** How long one request may take before inspect gives up on the app. */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * The smallest MCP client that lists a server's surface: initialize, then the four list
 * methods with pagination, over one end of an in-memory transport pair.
 */
export class ListClient {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (result: JsonObject) => void; reject: (error: Error) => void }>();

  constructor(private readonly transport: InMemoryTransport) {
    transport.onmessage = (message) => {
      const { id, result, error } = message as { id?: unknown; result?: JsonObject; error?: { message?: string } };
      const waiter = typeof id === 'number' ? this.pending.get(id) : undefined;
      if (!waiter) return;
      this.pending.delete(id as number);
      if (error) waiter.reject(new Error(error.message ?? 'error'));
      else waiter.resolve(result ?? {});
    };
  }

  /** Starts the transport and runs the MCP handshake; returns the server's capabilities. */
  async initialize(): Promise<JsonObject> {
    await this.transport.start();
    const result = await this.request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'armature-inspect', version: '1' },
    });
    await this.transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return (result.capabilities ?? {}) as JsonObject;
  }

  /** Every item of a paginated list (`tools/list` → `tools`, …). */
  async listAll<T>(method: string, field: string): Promise<T[]> {
    const items: T[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.request(method, cursor === undefined ? {} : { cursor });
      items.push(...((page[field] as T[] | undefined) ?? []));
      cursor = typeof page.nextCursor === 'string' ? page.nextCursor : undefined;
    } while (cursor !== undefined);
    return items;
  }

  close(): Promise<void> {
    return this.transport.close();
  }

  private request(method: string, params: JsonObject): Promise<JsonObject> {
    const id = this.nextId++;
    return new Promise<JsonObject>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method} got no answer within ${REQUEST_TIMEOUT_MS} ms`));
      }, REQUEST_TIMEOUT_MS);
      this.pending.set(id, {
        resolve: (result) => {
          clearTimeout(timer);
          resolve(result);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.transport.send({ jsonrpc: '2.0', id, method, params }).catch((error: unknown) => {
        this.pending.delete(id);
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
  }
}
