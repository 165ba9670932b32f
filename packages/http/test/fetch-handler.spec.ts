import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createHttpHandler, type HttpHandler } from '../src';
import { createKernelApp } from './support/kernel-app';
import { INITIALIZE, POST_HEADERS } from './support/raw-http';
import { SseReader } from './support/sse-reader';

const URL_ = 'http://127.0.0.1/mcp';

describe('createHttpHandler().fetch (Web Request → Response)', () => {
  let handler: HttpHandler;
  let client: Client | undefined;

  afterEach(async () => {
    await client?.close();
    client = undefined;
    await handler.close(100);
  });

  it('serves the official SDK client through a custom fetch, with progress and elicitation', async () => {
    handler = createHttpHandler(createKernelApp());
    client = new Client({ name: 'fetch-client', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'decline' }));
    await client.connect(
      new StreamableHTTPClientTransport(new URL(URL_), { fetch: (input, init) => handler.fetch(new Request(input, init)) }),
    );
    expect(handler.sessionCount).to.equal(1);
    const seen: number[] = [];
    const progress = await client.callTool({ name: 'progress', arguments: { steps: 2 } }, CallToolResultSchema, {
      onprogress: (p) => seen.push(p.progress),
    });
    expect(progress.content).to.deep.equal([{ type: 'text', text: 'done' }]);
    expect(seen).to.deep.equal([1, 2]);
    const elicited = await client.callTool({ name: 'elicit', arguments: {} }, CallToolResultSchema);
    expect(JSON.parse((elicited.content as { text: string }[])[0].text)).to.deep.equal({ action: 'decline' });
  });

  it('applies the same status rules', async () => {
    handler = createHttpHandler(createKernelApp());
    const notAcceptable = await handler.fetch(
      new Request(URL_, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(INITIALIZE),
      }),
    );
    expect(notAcceptable.status).to.equal(406);
    const forbidden = await handler.fetch(
      new Request('http://evil.example.com/mcp', { method: 'POST', headers: POST_HEADERS, body: JSON.stringify(INITIALIZE) }),
    );
    expect(forbidden.status).to.equal(403);
    const tooBig = await handler.fetch(new Request(URL_, { method: 'POST', headers: POST_HEADERS, body: 'x'.repeat(4 * 1024 * 1024 + 1) }));
    expect(tooBig.status).to.equal(413);
    const parse = await handler.fetch(new Request(URL_, { method: 'POST', headers: POST_HEADERS, body: '{' }));
    expect(parse.status).to.equal(400);
    expect(((await parse.json()) as { error: { code: number } }).error.code).to.equal(-32700);
    const noSession = await handler.fetch(new Request(URL_, { headers: { accept: 'text/event-stream' } }));
    expect(noSession.status).to.equal(400);
  });

  it('streams SSE responses as a ReadableStream body', async () => {
    handler = createHttpHandler(createKernelApp(), { stateless: true });
    const res = await handler.fetch(
      new Request(URL_, {
        method: 'POST',
        headers: POST_HEADERS,
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'progress', arguments: { steps: 2 }, _meta: { progressToken: 1 } },
        }),
      }),
    );
    expect(res.headers.get('content-type')).to.equal('text/event-stream');
    const events = await new SseReader(res).rest();
    expect(events.map((e) => JSON.parse(e.data).method ?? 'response')).to.deep.equal([
      'notifications/progress',
      'notifications/progress',
      'response',
    ]);
  });

  it('passes authInfo through to handlers', async () => {
    const app = createKernelApp();
    handler = createHttpHandler(app, { stateless: true });
    const res = await handler.fetch(
      new Request(URL_, {
        method: 'POST',
        headers: POST_HEADERS,
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'whoami', arguments: {} } }),
      }),
      { authInfo: { token: 't', clientId: 'client-7', scopes: [] } },
    );
    expect(res.status).to.equal(200);
    expect(((await res.json()) as { result: { content: { text: string }[] } }).result.content[0].text).to.equal('client-7');
  });
});
