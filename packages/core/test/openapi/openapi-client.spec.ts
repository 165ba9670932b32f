import { expect } from 'chai';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OpenApiClient, openApiOptionsFromEnv } from '../../src/openapi';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe('OpenApiClient (against a real HTTP server on 127.0.0.1)', () => {
  let server: http.Server;
  let baseUrl: string;
  const seen: Seen[] = [];

  before(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        if (req.url?.startsWith('/base/text')) res.writeHead(200, { 'content-type': 'text/plain' }).end('plain words');
        else if (req.url?.startsWith('/base/empty')) res.writeHead(204).end();
        else if (req.url?.startsWith('/base/bad-json')) res.writeHead(200, { 'content-type': 'application/json' }).end('{nope');
        else if (req.url?.startsWith('/base/hang'))
          return; // never answers
        else if (req.url?.startsWith('/base/fail')) res.writeHead(500, { 'content-type': 'text/plain' }).end('boom\u0000\u001b[31m red');
        else res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ ok: true }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/base/`;
  });

  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('encodes path parameters, repeats query arrays, skips absent values, and sends headers and a JSON body', async () => {
    const client = new OpenApiClient({ baseUrl, headers: { authorization: 'Bearer t' } });
    const result = await client.call({
      method: 'POST',
      path: '/items/{id}/notes',
      pathParams: { id: '../a b' },
      query: { tags: ['x', 'y'], limit: 2, none: undefined },
      headers: { 'x-trace': 'abc', skipped: null },
      body: { text: 'hi' },
    });
    expect(result).to.deep.equal({ ok: true });
    const last = seen.at(-1)!;
    expect(last.method).to.equal('POST');
    expect(last.url).to.equal('/base/items/..%2Fa%20b/notes?tags=x&tags=y&limit=2');
    expect(last.headers.authorization).to.equal('Bearer t');
    expect(last.headers['x-trace']).to.equal('abc');
    expect(last.headers).to.not.have.property('skipped');
    expect(last.headers['content-type']).to.equal('application/json');
    expect(JSON.parse(last.body)).to.deep.equal({ text: 'hi' });
  });

  it('sends form bodies, returns text bodies as text and no body as null', async () => {
    const client = new OpenApiClient({ baseUrl });
    expect(await client.call({ method: 'PUT', path: '/text', body: { a: 1, b: 'two words', c: null }, bodyType: 'form' })).to.equal(
      'plain words',
    );
    expect(seen.at(-1)?.body).to.equal('a=1&b=two+words');
    expect(seen.at(-1)?.headers['content-type']).to.equal('application/x-www-form-urlencoded');
    expect(await client.call({ method: 'DELETE', path: '/empty' })).to.equal(null);
  });

  it('throws ToolErrors a model can act on: a missing path parameter, bad JSON, an error status with a clean excerpt', async () => {
    const client = new OpenApiClient({ baseUrl });
    const failure = (p: Promise<unknown>): Promise<Error> =>
      p.then(
        () => new Error('no failure'),
        (e: Error) => e,
      );
    const missing = await failure(client.call({ method: 'GET', path: '/items/{id}' }));
    expect(missing.name).to.equal('ToolError');
    expect(missing.message).to.equal('the path parameter "id" is required.');
    expect((await failure(client.call({ method: 'GET', path: '/bad-json' }))).message).to.equal(
      'GET /bad-json answered with a body that is not valid JSON.',
    );
    const status = await failure(client.call({ method: 'GET', path: '/fail' }));
    expect(status.name).to.equal('ToolError');
    expect(status.message).to.equal('GET /fail answered HTTP 500: boom  [31m red');
  });

  it('gives up after the timeout, and passes a caller cancellation through as an abort', async () => {
    const client = new OpenApiClient({ baseUrl, timeoutMs: 200 });
    const timedOut = await client.call({ method: 'GET', path: '/hang' }).catch((e: Error) => e);
    expect((timedOut as Error).name).to.equal('ToolError');
    expect((timedOut as Error).message).to.equal('GET /hang did not answer within 200 ms; try again later.');
    const controller = new AbortController();
    const pending = new OpenApiClient({ baseUrl }).call({ method: 'GET', path: '/hang' }, controller.signal).catch((e: Error) => e);
    controller.abort();
    expect(((await pending) as Error).name).to.equal('AbortError');
  });

  it('reads options from the environment and refuses bad values', () => {
    const env = {
      PET_BASE_URL: 'https://pets.example.com',
      PET_BEARER_TOKEN: 'tok',
      PET_HEADERS: '{"API_KEY":"k"}',
      PET_TIMEOUT_MS: '1500',
    };
    expect(openApiOptionsFromEnv('PET', { baseUrl: 'http://default' }, env)).to.deep.equal({
      baseUrl: 'https://pets.example.com',
      headers: { api_key: 'k', authorization: 'Bearer tok' },
      timeoutMs: 1500,
      maxResponseBytes: undefined,
    });
    expect(openApiOptionsFromEnv('PET', { baseUrl: 'http://default' }, {}).baseUrl).to.equal('http://default');
    expect(() => openApiOptionsFromEnv('PET', { baseUrl: 'x' }, { PET_TIMEOUT_MS: '-1' })).to.throw(
      'PET_TIMEOUT_MS must be a positive integer, not "-1".',
    );
    expect(() => openApiOptionsFromEnv('PET', { baseUrl: 'x' }, { PET_HEADERS: '[1]' })).to.throw(/PET_HEADERS must be a JSON object/);
    expect(() => openApiOptionsFromEnv('PET', { baseUrl: 'x' }, { PET_HEADERS: '{"a":1}' })).to.throw(
      'PET_HEADERS: the header "a" must be a string.',
    );
  });
});
