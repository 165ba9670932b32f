import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** An official SDK client connected over Streamable HTTP to the MCP endpoint at `url`. */
export async function connectSdkClient(url: string | URL): Promise<Client> {
  const client = new Client({ name: 'example-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/**
 * What every mounting example must serve: the tool list has `greet` and `countdown`, `greet`
 * answers at once (a JSON response) and `countdown` reports progress 1, 2, 3 before its answer (paced: at least the first and the last arrive)
 * (an SSE stream over HTTP). `target` is a connected client, or an endpoint URL to connect a
 * client of its own to (closed afterwards).
 */
export async function expectGreeterTools(target: Client | string | URL): Promise<void> {
  if (typeof target !== 'string' && !(target instanceof URL)) return checkTools(target);
  const client = await connectSdkClient(target);
  try {
    await checkTools(client);
  } finally {
    await client.close();
  }
}

async function checkTools(client: Client): Promise<void> {
  expect((await client.listTools()).tools.map((t) => t.name)).to.have.members(['greet', 'countdown']);
  expect((await client.callTool({ name: 'greet', arguments: { name: 'Ada' } })).content).to.deep.equal([
    { type: 'text', text: 'Hello, Ada!' },
  ]);
  const progress: number[] = [];
  const counted = await client.callTool({ name: 'countdown', arguments: { from: 3 } }, undefined, {
    onprogress: (p) => progress.push(p.progress),
  });
  expect(counted.content).to.deep.equal([{ type: 'text', text: 'Counted down from 3.' }]);
  // Progress is paced (20 per second per request by default): the first value goes out at once, values reported within the next 50 ms coalesce, and the latest goes out just before the answer.
  expect(progress[0]).to.equal(1);
  expect(progress[progress.length - 1]).to.equal(3);
  expect(progress).to.deep.equal([...new Set(progress)].sort((a, b) => a - b));
}
