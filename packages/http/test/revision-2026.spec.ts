import { expect } from 'chai';
import type { Armature } from '@armature/core';
import { checkServerMessage, serverMessageErrors, until } from '@armature/testing';
import { createApp2026, probe2026 } from './support/app-2026';
import { INITIALIZE, openSession, post, sessionHeaders } from './support/raw-http';
import { Opened } from './support/servers';
import { SseReader } from './support/sse-reader';
import { type Body2026, headersFor2026, meta2026, request2026, V2026 } from './support/raw-2026';

const PV = 'io.modelcontextprotocol/protocolVersion';
const CAPS = 'io.modelcontextprotocol/clientCapabilities';
const SUB = 'io.modelcontextprotocol/subscriptionId';
const ELICIT = { elicitation: { form: {} } };
const meta = meta2026;
const headersFor = headersFor2026;
type Body = Body2026;

/** `=?base64?…?=`: a header value carrying the UTF-8 bytes of `text`. */
function sentinel(text: string): string {
  return `=?base64?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

/** POSTs a 2026 body with the headers it implies (overridden by `headers`; undefined removes one) and reads a JSON answer. */
async function send(
  url: string,
  body: Body,
  headers: Record<string, string | undefined> = {},
): Promise<{ status: number; body: Body; res: Response }> {
  const all: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...headersFor(body), ...headers })) if (value !== undefined) all[name] = value;
  const res = await post(url, body, all);
  const text = await res.text();
  expect(res.headers.get('content-type'), text).to.match(/^application\/json/);
  const parsed = JSON.parse(text) as Body;
  // Every answer is checked against the schema of its request's revision.
  expect(checkServerMessage(parsed, body), text).to.deep.equal([]);
  return { status: res.status, body: parsed, res };
}

/** Asserts a 2026 error response: HTTP status, JSON-RPC code, the request id, valid as a 2026 message. */
function expectError(answer: { status: number; body: Body }, status: number, code: number, id: string | number): void {
  expect(answer.status, JSON.stringify(answer.body)).to.equal(status);
  expect(answer.body.error?.code, JSON.stringify(answer.body)).to.equal(code);
  expect(answer.body.id).to.equal(id);
  expect(serverMessageErrors(answer.body, undefined, V2026)).to.deep.equal([]);
}

for (const stateless of [false, true]) {
  const mode = stateless ? 'stateless' : 'stateful';

  describe(`MCP 2026-07-28 over Streamable HTTP (${mode}), raw fetch`, () => {
    const opened = new Opened();
    let app: Armature;
    let url: string;

    beforeEach(async () => {
      app = await createApp2026({ drainMs: 500 });
      url = (await opened.listen(app, { stateless })).url;
    });
    afterEach(async () => {
      await opened.closeAll();
      await app.close();
    });

    describe('served requests', () => {
      it('server/discover: 200 JSON with versions, capabilities and the cache hint', async () => {
        const answer = await send(url, request2026(1, 'server/discover'));
        expect(answer.status).to.equal(200);
        expect(answer.res.headers.get('mcp-session-id')).to.equal(null);
        expect(answer.body.result?.supportedVersions).to.include.members([V2026, '2025-11-25']);
        expect(answer.body.result).to.deep.include({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' });
      });

      it('tools/list and tools/call: 200 with 2026 results', async () => {
        const list = await send(url, request2026('l', 'tools/list'));
        expect(list.status).to.equal(200);
        expect(list.body.result).to.deep.include({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' });
        const call = await send(url, request2026('c', 'tools/call', { name: 'echo', arguments: { text: 'hi' } }));
        expect(call.status).to.equal(200);
        expect(call.body.result).to.deep.include({ content: [{ type: 'text', text: 'hi' }], resultType: 'complete' });
        const refused = await send(url, request2026('r', 'tools/call', { name: 'refuse', arguments: {} }));
        expect(refused.status).to.equal(200);
        expect(refused.body.result?.isError).to.equal(true);
      });

      it('resources/read of a missing resource: -32602 with data.uri, in a 200 (an error of the method itself)', async () => {
        const answer = await send(url, request2026('m', 'resources/read', { uri: 'http26://missing' }));
        expectError(answer, 200, -32602, 'm');
        expect(answer.body.error?.data).to.deep.equal({ uri: 'http26://missing' });
        const found = await send(url, request2026('f', 'resources/read', { uri: 'http26://static' }));
        expect(found.status).to.equal(200);
      });

      it('an input-required round trip: input_required, then the retry with the answer completes', async () => {
        const first = await send(url, request2026('a1', 'tools/call', { name: 'ask', arguments: {} }, ELICIT));
        expect(first.status).to.equal(200);
        expect(first.body.result?.resultType).to.equal('input_required');
        expect(Object.keys(first.body.result?.inputRequests as object)).to.deep.equal(['elicit-1']);
        const retry = await send(
          url,
          request2026(
            'a2',
            'tools/call',
            {
              name: 'ask',
              arguments: {},
              inputResponses: { 'elicit-1': { action: 'accept', content: { name: 'Ada' } } },
              requestState: first.body.result?.requestState,
            },
            ELICIT,
          ),
        );
        expect(retry.status).to.equal(200);
        expect((retry.body.result?.content as { text: string }[])[0]!.text).to.equal(
          'answer: {"action":"accept","content":{"name":"Ada"}}',
        );
      });

      it('a tampered requestState: -32602 in a 200', async () => {
        const first = await send(url, request2026('t1', 'tools/call', { name: 'ask', arguments: {} }, ELICIT));
        const retry = await send(
          url,
          request2026(
            't2',
            'tools/call',
            { name: 'ask', arguments: {}, inputResponses: {}, requestState: `${String(first.body.result?.requestState)}x` },
            ELICIT,
          ),
        );
        expectError(retry, 200, -32602, 't2');
      });

      it('a question the client cannot answer: 400 -32021 with data.requiredCapabilities', async () => {
        const answer = await send(url, request2026('cap', 'tools/call', { name: 'ask', arguments: {} }));
        expectError(answer, 400, -32021, 'cap');
        expect(answer.body.error?.data).to.deep.equal({ requiredCapabilities: { elicitation: {} } });
      });

      it('a notification: 202 with no body', async () => {
        const res = await post(
          url,
          { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'nothing', _meta: meta() } },
          { 'mcp-protocol-version': V2026, 'mcp-method': 'notifications/cancelled' },
        );
        expect(res.status).to.equal(202);
        expect(await res.text()).to.equal('');
      });
    });

    describe('the envelope', () => {
      it('a 2026 POST without _meta: 400 -32602 with the request id', async () => {
        const body: Body = { jsonrpc: '2.0', id: 'no-meta', method: 'tools/list', params: {} };
        expectError(await send(url, body), 400, -32602, 'no-meta');
        const noParams: Body = { jsonrpc: '2.0', id: 7, method: 'tools/list' };
        expectError(await send(url, noParams), 400, -32602, 7);
      });

      for (const [what, broken] of [
        ['a string _meta', 'garbled'],
        ['an array _meta', [V2026]],
        ['a _meta without clientCapabilities', { [PV]: V2026 }],
        ['non-object clientCapabilities', { [PV]: V2026, [CAPS]: 1 }],
        ['a bad clientInfo', { ...meta(), 'io.modelcontextprotocol/clientInfo': 'me' }],
        ['a bad logLevel', { ...meta(), 'io.modelcontextprotocol/logLevel': 'chatty' }],
      ] as [string, unknown][]) {
        it(`${what}: 400 -32602 with the request id`, async () => {
          const body: Body = {
            jsonrpc: '2.0',
            id: `g-${what}`,
            method: 'tools/call',
            params: { name: 'echo', arguments: { text: 'x' }, _meta: broken as Record<string, unknown> },
          };
          expectError(await send(url, body), 400, -32602, `g-${what}`);
        });
      }

      it('an unknown version in the envelope and the header: 400 -32022 with data { requested, supported }', async () => {
        const body = request2026('v', 'tools/list');
        body.params!._meta![PV] = '2099-01-01';
        const answer = await send(url, body, { 'mcp-protocol-version': '2099-01-01' });
        expectError(answer, 400, -32022, 'v');
        expect(answer.body.error?.data?.requested).to.equal('2099-01-01');
        expect(answer.body.error?.data?.supported).to.deep.equal([V2026]);
      });

      it('an unknown version in the envelope, without a version header: 400 -32022', async () => {
        const body = request2026('v2', 'tools/list');
        body.params!._meta![PV] = '2099-01-01';
        expectError(await send(url, body, { 'mcp-protocol-version': undefined }), 400, -32022, 'v2');
      });

      it('a 10 KB version: 400 -32022 with a bounded data.requested', async () => {
        const huge = '7'.repeat(10 * 1024);
        const body = request2026('big', 'tools/list');
        body.params!._meta![PV] = huge;
        const answer = await send(url, body, { 'mcp-protocol-version': undefined });
        expectError(answer, 400, -32022, 'big');
        expect(String(answer.body.error?.data?.requested).length).to.be.at.most(80);
      });

      it('MCP-Protocol-Version 2026-07-28 with another version in the envelope: 400 -32020', async () => {
        const body = request2026('mm', 'tools/list');
        body.params!._meta![PV] = '2025-11-25';
        expectError(await send(url, body), 400, -32020, 'mm');
      });

      it('MCP-Protocol-Version 2025-11-25 on a body with the 2026-07-28 envelope: 400 -32020 (not routed to the 2025 path)', async () => {
        const body = request2026('mm2', 'tools/call', { name: 'echo', arguments: { text: 'x' } });
        expectError(await send(url, body, { 'mcp-protocol-version': '2025-11-25' }), 400, -32020, 'mm2');
      });
    });

    describe('routing headers', () => {
      it('Mcp-Method missing: 400 -32020', async () => {
        expectError(await send(url, request2026('h1', 'tools/list'), { 'mcp-method': undefined }), 400, -32020, 'h1');
      });

      it('Mcp-Method not equal to the body method: 400 -32020', async () => {
        expectError(await send(url, request2026('h2', 'tools/list'), { 'mcp-method': 'tools/call' }), 400, -32020, 'h2');
        expectError(await send(url, request2026('h3', 'tools/list'), { 'mcp-method': 'Tools/List' }), 400, -32020, 'h3');
      });

      it('Mcp-Name missing on tools/call, resources/read, prompts/get: 400 -32020', async () => {
        expectError(
          await send(url, request2026('n1', 'tools/call', { name: 'echo', arguments: { text: 'x' } }), { 'mcp-name': undefined }),
          400,
          -32020,
          'n1',
        );
        expectError(
          await send(url, request2026('n2', 'resources/read', { uri: 'http26://static' }), { 'mcp-name': undefined }),
          400,
          -32020,
          'n2',
        );
        expectError(await send(url, request2026('n3', 'prompts/get', { name: 'grüße' }), { 'mcp-name': undefined }), 400, -32020, 'n3');
      });

      it('Mcp-Name not equal to the name or URI: 400 -32020, and the tool does not run', async () => {
        expectError(
          await send(url, request2026('n4', 'tools/call', { name: 'echo', arguments: { text: 'x' } }), { 'mcp-name': 'refuse' }),
          400,
          -32020,
          'n4',
        );
        expectError(
          await send(url, request2026('n5', 'resources/read', { uri: 'http26://static' }), { 'mcp-name': 'http26://other' }),
          400,
          -32020,
          'n5',
        );
        expectError(
          await send(url, request2026('n6', 'tools/call', { name: 'wait', arguments: { tag: 'never' } }), { 'mcp-name': 'echo' }),
          400,
          -32020,
          'n6',
        );
        expect(probe2026.started.has('never')).to.equal(false);
      });

      it('Mcp-Name in the =?base64?…?= form is accepted when it decodes to the name (ASCII and non-ASCII)', async () => {
        const ascii = await send(url, request2026('b1', 'tools/call', { name: 'echo', arguments: { text: 'b64' } }), {
          'mcp-name': sentinel('echo'),
        });
        expect(ascii.status).to.equal(200);
        expect(ascii.body.result?.resultType).to.equal('complete');
        const prompt = await send(url, request2026('b2', 'prompts/get', { name: 'grüße' }), { 'mcp-name': sentinel('grüße') });
        expect(prompt.status, JSON.stringify(prompt.body)).to.equal(200);
        expect(JSON.stringify(prompt.body.result?.messages)).to.include('Hallo!');
      });

      it('Mcp-Name in base64 form that decodes to another name, or is not Base64: 400 -32020', async () => {
        expectError(
          await send(url, request2026('b3', 'prompts/get', { name: 'grüße' }), { 'mcp-name': sentinel('grusse') }),
          400,
          -32020,
          'b3',
        );
        expectError(
          await send(url, request2026('b4', 'tools/call', { name: 'echo', arguments: { text: 'x' } }), {
            'mcp-name': '=?base64?not*base64?=',
          }),
          400,
          -32020,
          'b4',
        );
        expectError(
          await send(url, request2026('b5', 'tools/call', { name: 'echo', arguments: { text: 'x' } }), { 'mcp-name': '=?base64?ZWNobw?=' }),
          400,
          -32020,
          'b5',
        );
      });

      for (const method of ['ping', 'initialize', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe', 'tools/frobnicate']) {
        it(`${method} from a 2026 client: 404 -32601, whatever the other headers say`, async () => {
          const params =
            method === 'initialize' ? { protocolVersion: V2026, capabilities: {}, clientInfo: { name: 'x', version: '1' } } : {};
          expectError(await send(url, request2026(`rm-${method}`, method, params)), 404, -32601, `rm-${method}`);
          // The method is checked first: no Mcp-Method, a broken envelope, still 404.
          const broken: Body = { jsonrpc: '2.0', id: `rm2-${method}`, method, params: { _meta: 'garbled' as never } };
          expectError(await send(url, broken, { 'mcp-method': undefined }), 404, -32601, `rm2-${method}`);
        });
      }

      it('GET and DELETE with the 2026 version header: 405, Allow: POST', async () => {
        const get = await fetch(url, { headers: { accept: 'text/event-stream', 'mcp-protocol-version': V2026 } });
        expect(get.status).to.equal(405);
        expect(get.headers.get('allow')).to.equal('POST');
        await get.text();
        const del = await fetch(url, { method: 'DELETE', headers: { 'mcp-protocol-version': V2026 } });
        expect(del.status).to.equal(405);
        expect(del.headers.get('allow')).to.equal('POST');
        await del.text();
      });
    });

    describe('x-mcp-header parameters (Mcp-Param-*)', () => {
      const call = (id: string, args: Record<string, unknown>): Body => request2026(id, 'tools/call', { name: 'route', arguments: args });

      it('tools/list advertises the hand-written x-mcp-header annotations', async () => {
        const list = await send(url, request2026('xl', 'tools/list'));
        const route = (
          list.body.result?.tools as { name: string; inputSchema: { properties: Record<string, Record<string, unknown>> } }[]
        ).find((t) => t.name === 'route');
        expect(route?.inputSchema.properties.region?.['x-mcp-header']).to.equal('Region');
        expect(route?.inputSchema.properties.priority?.['x-mcp-header']).to.equal('Priority');
      });

      it('accepts headers equal to the arguments (string, integer in decimal, boolean)', async () => {
        const answer = await send(url, call('x1', { region: 'eu-west', priority: 3, urgent: true }), {
          'mcp-param-region': 'eu-west',
          'mcp-param-priority': '3',
          'mcp-param-urgent': 'true',
        });
        expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
        expect((answer.body.result?.content as { text: string }[])[0]!.text).to.equal('eu-west/3/true');
      });

      it('accepts a non-ASCII argument in the base64 form', async () => {
        const answer = await send(url, call('x2', { region: 'Zürich' }), { 'mcp-param-region': sentinel('Zürich') });
        expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
        expect((answer.body.result?.content as { text: string }[])[0]!.text).to.equal('Zürich/undefined/undefined');
      });

      it('an argument given without its header: 400 -32020', async () => {
        expectError(await send(url, call('x3', { region: 'eu-west' })), 400, -32020, 'x3');
        expectError(await send(url, call('x4', { region: 'eu', priority: 2 }), { 'mcp-param-region': 'eu' }), 400, -32020, 'x4');
      });

      it('a header that disagrees with its argument: 400 -32020', async () => {
        expectError(await send(url, call('x5', { region: 'eu-west' }), { 'mcp-param-region': 'us-east' }), 400, -32020, 'x5');
        expectError(
          await send(url, call('x6', { region: 'eu', priority: 3 }), { 'mcp-param-region': 'eu', 'mcp-param-priority': '03' }),
          400,
          -32020,
          'x6',
        );
        expectError(
          await send(url, call('x7', { region: 'eu', urgent: false }), { 'mcp-param-region': 'eu', 'mcp-param-urgent': 'true' }),
          400,
          -32020,
          'x7',
        );
        expectError(await send(url, call('x8', { region: 'Zürich' }), { 'mcp-param-region': sentinel('Zurich') }), 400, -32020, 'x8');
      });

      it('a header for an argument that is absent: 400 -32020', async () => {
        expectError(
          await send(url, call('x9', { region: 'eu' }), { 'mcp-param-region': 'eu', 'mcp-param-priority': '1' }),
          400,
          -32020,
          'x9',
        );
      });

      it('a header declared with @Tool({ headers }) is advertised and checked the same way', async () => {
        const list = await send(url, request2026('tl', 'tools/list'));
        const tenant = (
          list.body.result?.tools as { name: string; inputSchema: { properties: Record<string, Record<string, unknown>> } }[]
        ).find((t) => t.name === 'tenant');
        expect(tenant?.inputSchema.properties.tenant?.['x-mcp-header']).to.equal('Tenant');
        const body = request2026('t1', 'tools/call', { name: 'tenant', arguments: { tenant: 'acme' } });
        const ok = await send(url, body, { 'mcp-param-tenant': 'acme' });
        expect(ok.status, JSON.stringify(ok.body)).to.equal(200);
        expect((ok.body.result?.content as { text: string }[])[0]!.text).to.equal('tenant acme');
        expectError(
          await send(url, request2026('t2', 'tools/call', { name: 'tenant', arguments: { tenant: 'acme' } }), {
            'mcp-param-tenant': 'evil',
          }),
          400,
          -32020,
          't2',
        );
        expectError(await send(url, request2026('t3', 'tools/call', { name: 'tenant', arguments: { tenant: 'acme' } })), 400, -32020, 't3');
      });

      it('other tools need no Mcp-Param headers, and unknown ones are ignored', async () => {
        const answer = await send(url, request2026('x10', 'tools/call', { name: 'echo', arguments: { text: 'x' } }), {
          'mcp-param-region': 'eu',
        });
        expect(answer.status).to.equal(200);
      });
    });

    describe('streams', () => {
      it('progress turns the answer into SSE: the notifications, then the response; no event ids', async () => {
        const body = request2026('p1', 'tools/call', { name: 'progress', arguments: {} }, {}, { progressToken: 'tok' });
        const res = await post(url, body, headersFor(body));
        expect(res.status).to.equal(200);
        expect(res.headers.get('content-type')).to.equal('text/event-stream');
        const events = await new SseReader(res).rest();
        const messages = events.filter((e) => e.data !== '').map((e) => JSON.parse(e.data) as Body);
        // Three values at once, paced: the first goes out, the latest just before the response.
        expect(messages.map((m) => m.method ?? 'response')).to.deep.equal(['notifications/progress', 'notifications/progress', 'response']);
        expect(events.every((e) => e.id === undefined)).to.equal(true);
        for (const message of messages) expect(checkServerMessage(message, body), JSON.stringify(message)).to.deep.equal([]);
        expect(messages[2]!.result?.resultType).to.equal('complete');
      });

      it('logs go out only at or above the envelope logLevel', async () => {
        const quiet = await send(url, request2026('q', 'tools/call', { name: 'logs', arguments: {} }));
        expect(quiet.status).to.equal(200);
        const body = request2026('lg', 'tools/call', { name: 'logs', arguments: {} }, {}, { 'io.modelcontextprotocol/logLevel': 'error' });
        const res = await post(url, body, headersFor(body));
        expect(res.headers.get('content-type')).to.equal('text/event-stream');
        const messages = (await new SseReader(res).rest()).filter((e) => e.data !== '').map((e) => JSON.parse(e.data) as Body);
        expect(messages.filter((m) => m.method === 'notifications/message').map((m) => m.params?.level)).to.deep.equal(['error']);
        for (const message of messages) expect(checkServerMessage(message, body)).to.deep.equal([]);
      });

      it('closing the request before any answer aborts the handler (its signal), bounded', async () => {
        const body = request2026('w1', 'tools/call', { name: 'wait', arguments: { tag: 'json' } });
        const controller = new AbortController();
        const pending = fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headersFor(body) },
          body: JSON.stringify(body),
          signal: controller.signal,
        }).catch((error: unknown) => error);
        await until(() => probe2026.started.has('json'), 'the handler to start');
        controller.abort();
        await pending;
        await until(() => probe2026.aborted.has('json'), 'the handler signal to abort');
        expect(probe2026.aborted.get('json')).to.equal('ARM_ERR_REQUEST_CANCELLED');
      });

      it('closing an open SSE answer aborts the handler, bounded', async () => {
        const body = request2026('w2', 'tools/call', { name: 'wait', arguments: { tag: 'sse' } }, {}, { progressToken: 1 });
        const res = await post(url, body, headersFor(body));
        expect(res.headers.get('content-type')).to.equal('text/event-stream');
        const reader = new SseReader(res);
        const first = await reader.nextMessage();
        expect(first?.message.method).to.equal('notifications/progress');
        await until(() => probe2026.started.has('sse'), 'the handler to start');
        await reader.cancel();
        await until(() => probe2026.aborted.has('sse'), 'the handler signal to abort');
      });

      it('subscriptions/listen: an SSE stream, acknowledged first, then the changes it asked for', async () => {
        const body = request2026('sub', 'subscriptions/listen', {
          notifications: { toolsListChanged: true, resourceSubscriptions: ['http26://static'] },
        });
        const res = await post(url, body, headersFor(body));
        expect(res.status).to.equal(200);
        expect(res.headers.get('content-type')).to.equal('text/event-stream');
        const reader = new SseReader(res);
        try {
          const ack = (await reader.nextMessage())!.message as Body;
          expect(ack.method).to.equal('notifications/subscriptions/acknowledged');
          expect(ack.params).to.deep.equal({
            notifications: { toolsListChanged: true, resourceSubscriptions: ['http26://static'] },
            _meta: { [SUB]: 'sub' },
          });
          app.tools.register({ name: 'late', handler: () => 'late' });
          const changed = (await reader.nextMessage())!.message as Body;
          expect(changed).to.deep.equal({
            jsonrpc: '2.0',
            method: 'notifications/tools/list_changed',
            params: { _meta: { [SUB]: 'sub' } },
          });
          app.resources.notifyUpdated('http26://elsewhere');
          app.resources.notifyUpdated('http26://static');
          const updated = (await reader.nextMessage())!.message as Body;
          expect(updated.params).to.deep.equal({ uri: 'http26://static', _meta: { [SUB]: 'sub' } });
          for (const message of [ack, changed, updated]) expect(checkServerMessage(message, body)).to.deep.equal([]);
        } finally {
          await reader.cancel();
        }
      });
    });

    describe('shutdown', () => {
      it('closing the server ends an open subscriptions/listen stream with its SubscriptionsListenResult, promptly', async () => {
        const listener = await opened.listen(app, { stateless });
        const body = request2026('end', 'subscriptions/listen', { notifications: { toolsListChanged: true } });
        const res = await post(listener.url, body, headersFor(body));
        const reader = new SseReader(res);
        try {
          expect((await reader.nextMessage())!.message.method).to.equal('notifications/subscriptions/acknowledged');
          const closing = listener.close(2000);
          const last = await reader.nextMessage(3000);
          await closing;
          const end = last?.message as Body | undefined;
          expect(end?.id).to.equal('end');
          expect(end?.error, JSON.stringify(end)).to.equal(undefined);
          expect(end?.result).to.deep.include({ resultType: 'complete' });
          expect(end?.result?._meta).to.deep.include({ [SUB]: 'end' });
          expect(checkServerMessage(end, body)).to.deep.equal([]);
        } finally {
          await reader.cancel();
        }
      });
    });

    describe('beside 2025-11-25 on the same endpoint', () => {
      it('the official SDK client (2025) still works after 2026 traffic', async () => {
        await send(url, request2026(1, 'tools/call', { name: 'echo', arguments: { text: 'first 2026' } }));
        const { client } = await opened.checkedClient(url);
        const result = await client.callTool({ name: 'echo', arguments: { text: 'from 2025' } });
        expect(result.content).to.deep.equal([{ type: 'text', text: 'from 2025' }]);
        expect(result).to.not.have.property('resultType');
        const tools = await client.listTools();
        expect(tools.tools.map((t) => t.name)).to.include('route');
        await send(url, request2026(2, 'tools/call', { name: 'echo', arguments: { text: 'again 2026' } }));
      });

      it('a raw 2025 initialize still answers 2025-11-25 (a session id when stateful)', async () => {
        const res = await post(url, INITIALIZE);
        expect(res.status).to.equal(200);
        const body = (await res.json()) as Body;
        expect(checkServerMessage(body, INITIALIZE)).to.deep.equal([]);
        expect(body.result?.protocolVersion).to.equal('2025-11-25');
        expect(res.headers.get('mcp-session-id') === null).to.equal(stateless);
      });

      if (!stateless) {
        it('the envelope decides over a session id: with a 2025 version header it is a header mismatch (-32020), never the session', async () => {
          const sessionId = await openSession(url);
          const body = request2026('s1', 'tools/call', { name: 'echo', arguments: { text: 'session' } });
          expectError(await send(url, body, sessionHeaders(sessionId)), 400, -32020, 's1');
        });
      }
    });
  });
}
