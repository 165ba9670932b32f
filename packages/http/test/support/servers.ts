import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  type StreamableHTTPClientTransportOptions,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ConnectableApp } from '@armature/core/internal';
import { listenHttp, type HttpListenHandle, type ListenHttpOptions } from '../../src';
import { wireChecked, type WireChecked } from './wire-check';

/** Servers and clients a test opened; `closeAll` in afterEach shuts every one. */
export class Opened {
  private readonly handles: HttpListenHandle[] = [];
  private readonly clients: Client[] = [];
  private readonly wires: WireChecked[] = [];

  async listen(app: ConnectableApp, options: ListenHttpOptions = {}): Promise<HttpListenHandle> {
    const handle = await listenHttp(app, { port: 0, ...options });
    this.handles.push(handle);
    return handle;
  }

  /** An official SDK client connected over Streamable HTTP. */
  async client(
    url: string,
    options: { capabilities?: Record<string, unknown>; transport?: StreamableHTTPClientTransportOptions } = {},
  ): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
    const client = new Client({ name: 'test-client', version: '1.0.0' }, { capabilities: options.capabilities ?? {} });
    const transport = new StreamableHTTPClientTransport(new URL(url), options.transport);
    await client.connect(transport);
    this.clients.push(client);
    return { client, transport };
  }

  /**
   * An SDK client over Streamable HTTP whose every received message is checked against the MCP
   * schema; `closeAll` fails the test on a violation.
   */
  async checkedClient(
    url: string,
    options: StreamableHTTPClientTransportOptions = {},
  ): Promise<{ client: Client; transport: StreamableHTTPClientTransport; wire: WireChecked }> {
    const client = new Client({ name: 'checked-client', version: '1.0.0' }, { capabilities: {} });
    const transport = new StreamableHTTPClientTransport(new URL(url), options);
    const wire = wireChecked(transport);
    this.clients.push(client);
    this.wires.push(wire);
    await client.connect(wire as unknown as Parameters<Client['connect']>[0]);
    return { client, transport, wire };
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.clients.splice(0).map((client) => client.close().catch(() => undefined)));
    await Promise.all(this.handles.splice(0).map((handle) => handle.close(100)));
    for (const wire of this.wires.splice(0)) wire.assertClean();
  }
}
