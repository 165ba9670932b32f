import { expect } from 'chai';
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as HttpTransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpTransportV2 } from '@modelcontextprotocol/client';
import { Armature, type AuthInfo } from '@armature/core';
import { TOOL_INDEX_FILE_NAME, writeToolIndexBeside } from '@armature/core/build';
import { listenHttp, type HttpListenHandle } from '@armature/http';
import { scanSources, writeManifest } from '@armature/schema';
import { checkServerMessage } from '../src';
import { CatalogModule } from './fixtures/tool-catalog/catalog.handlers';

/** The fixture's TypeScript source and the folder its compiled module runs from (dist/test/…). */
const SOURCE_DIR = join(__dirname, '..', '..', 'test', 'fixtures', 'tool-catalog');
const COMPILED_DIR = join(__dirname, 'fixtures', 'tool-catalog');

const TOKENS: Readonly<Record<string, AuthInfo>> = {
  admin: { token: 'admin', clientId: 'ops', scopes: ['notes:admin', 'payments:write'] },
  reader: { token: 'reader', clientId: 'reader', scopes: [] },
};

type ToolResult = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: Record<string, unknown> };
type FoundTool = { name: string; title?: string; description?: string; inputSchema: object; outputSchema?: object };

/** A promise bounded in time, so a hung call fails the test instead of the run. */
function within<T>(promise: Promise<T>, what: string, ms = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A client of either SDK major, as these tests use it. */
interface AnyClient {
  listTools(): Promise<{ tools: { name: string }[] }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
}

interface Flavour {
  readonly label: string;
  connect(url: URL, token: string, fetch: typeof globalThis.fetch): Promise<AnyClient>;
}

const FLAVOURS: readonly Flavour[] = [
  {
    label: 'MCP 2025-11-25, SDK v1 client',
    connect: async (url, token, fetch) => {
      const client = new ClientV1({ name: 'search-v1', version: '1.0.0' });
      await within(
        client.connect(new HttpTransportV1(url, { fetch, requestInit: { headers: { Authorization: `Bearer ${token}` } } })),
        'connect',
      );
      return client as unknown as AnyClient;
    },
  },
  {
    label: 'MCP 2025-11-25, SDK v2 client',
    connect: async (url, token, fetch) => {
      const client = new ClientV2({ name: 'search-v2-2025', version: '1.0.0' }, { versionNegotiation: { mode: 'legacy' } });
      await within(
        client.connect(new HttpTransportV2(url, { fetch, requestInit: { headers: { Authorization: `Bearer ${token}` } } })),
        'connect',
      );
      expect(client.getNegotiatedProtocolVersion()).to.equal('2025-11-25');
      return client as unknown as AnyClient;
    },
  },
  {
    label: 'MCP 2026-07-28, SDK v2 client',
    connect: async (url, token, fetch) => {
      const client = new ClientV2({ name: 'search-v2', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
      await within(
        client.connect(new HttpTransportV2(url, { fetch, requestInit: { headers: { Authorization: `Bearer ${token}` } } })),
        'connect',
      );
      expect(client.getNegotiatedProtocolVersion()).to.equal('2026-07-28');
      return client as unknown as AnyClient;
    },
  },
];

function found(result: unknown): FoundTool[] {
  const r = result as ToolResult;
  expect(r.isError, JSON.stringify(r.content)).to.not.equal(true);
  const tools = (r.structuredContent as { tools: FoundTool[] }).tools;
  // The text block carries the same answer for clients that read only text.
  expect(JSON.parse(r.content[0]?.text ?? '')).to.deep.equal({ tools });
  return tools;
}

/** `armature build`'s two steps for the fixture: the manifest, then the tool-search index beside it. */
function buildFixture(): void {
  const scan = scanSources(
    { 'catalog.handlers.ts': readFileSync(join(SOURCE_DIR, 'catalog.handlers.ts'), 'utf8') },
    { baseDir: SOURCE_DIR },
  );
  expect(scan.problems).to.deep.equal([]);
  writeManifest(COMPILED_DIR, scan.manifest);
  writeToolIndexBeside(COMPILED_DIR);
}

describe('tool search (armature build index → app with toolSearch → SDK clients over Streamable HTTP)', function () {
  this.timeout(60_000);
  let app: Armature | undefined;
  let http: HttpListenHandle | undefined;
  const clients: AnyClient[] = [];
  const violations: string[] = [];
  const warnings: string[] = [];

  /** fetch that checks every JSON answer against its revision's schema. */
  const checkingFetch: typeof globalThis.fetch = async (input, init) => {
    const res = await fetch(input, init);
    const request = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    if (request !== undefined && res.headers.get('content-type')?.startsWith('application/json') === true) {
      const body = (await res.clone().json()) as unknown;
      violations.push(...checkServerMessage(body, request));
    }
    return res;
  };

  before(buildFixture);

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close().catch(() => undefined)));
    await http?.close(100);
    await app?.close();
    http = undefined;
    app = undefined;
    expect(violations.splice(0)).to.deep.equal([]);
    warnings.length = 0;
  });

  async function serve(extra: Partial<Parameters<typeof Armature.create>[1]> = {}): Promise<URL> {
    app = await Armature.create(CatalogModule, {
      name: 'catalog',
      version: '1.0.0',
      toolSearch: { pinned: ['health', 'deleteAllNotes'] },
      logger: { error: () => undefined, warn: (message: string) => void warnings.push(message), debug: () => undefined },
      ...extra,
    });
    http = await listenHttp(app, { port: 0, verifyToken: (token) => TOKENS[token] });
    return new URL(http.url);
  }

  async function client(flavour: Flavour, url: URL, token: string): Promise<AnyClient> {
    const connected = await flavour.connect(url, token, checkingFetch);
    clients.push(connected);
    return connected;
  }

  async function search(c: AnyClient, query: string, limit?: number): Promise<FoundTool[]> {
    return found(
      await within(c.callTool({ name: 'search_tools', arguments: { query, ...(limit === undefined ? {} : { limit }) } }), query),
    );
  }

  for (const flavour of FLAVOURS) {
    describe(flavour.label, () => {
      it('tools/list shows the two search tools and the pinned tools the caller may see', async () => {
        const url = await serve();
        const reader = await client(flavour, url, 'reader');
        const admin = await client(flavour, url, 'admin');
        expect((await reader.listTools()).tools.map((t) => t.name)).to.deep.equal(['search_tools', 'call_tool', 'health']);
        const listed = (await admin.listTools()).tools;
        expect(listed.map((t) => t.name)).to.deep.equal(['search_tools', 'call_tool', 'health', 'deleteAllNotes']);
        const searchTool = listed[0] as unknown as {
          inputSchema: { properties: Record<string, unknown>; required: string[] };
          outputSchema: object;
        };
        expect(searchTool.inputSchema.required).to.deep.equal(['query']);
        expect(searchTool.inputSchema.properties.query).to.deep.include({ type: 'string', maxLength: 1000 });
        expect(searchTool.inputSchema.properties.limit).to.deep.include({ type: 'integer', minimum: 1, maximum: 20 });
        expect(searchTool.outputSchema).to.have.property('type', 'object');
      });

      it('search_tools ranks the obviously right tool first, with its full definition', async () => {
        const reader = await client(flavour, await serve(), 'reader');
        const expectations: [string, string][] = [
          ['weather forecast for Lisbon this week', 'getWeatherForecast'],
          ['open a new issue on github', 'createGithubIssue'],
          ['convert 100 dollars to euros', 'convertCurrency'],
          ['send an email to my boss', 'sendEmail'],
          ['schedule a meeting tomorrow at 10', 'createCalendarEvent'],
          ['merge the pull request', 'mergePullRequest'],
          ['translate this into French', 'translateText'],
          ['find my notes about taxes', 'searchNotes'],
          ['how do I get from the airport to the hotel (directions)', 'getDirections'],
          ['post to the slack channel', 'postSlackMessage'],
          ['sendEmail', 'sendEmail'],
        ];
        for (const [query, expected] of expectations) {
          const tools = await search(reader, query);
          expect(tools[0]?.name, `"${query}" → ${tools.map((t) => t.name).join(', ')}`).to.equal(expected);
        }
        const [forecast] = await search(reader, 'weather forecast', 1);
        expect(forecast).to.deep.include({ name: 'getWeatherForecast', title: 'Weather forecast' });
        expect(forecast?.description).to.include('weather forecast');
        expect(forecast?.inputSchema).to.deep.include({ required: ['city'] });
        expect((forecast?.inputSchema as { properties: Record<string, unknown> }).properties.city).to.deep.include({
          description: 'City name, e.g. "Lisbon".',
        });
        expect(forecast?.outputSchema).to.have.property('type', 'object');
        expect(await search(reader, 'pull request', 2)).to.have.length(2);
      });

      it('a found tool is called through call_tool and directly', async () => {
        const reader = await client(flavour, await serve(), 'reader');
        const through = (await reader.callTool({
          name: 'call_tool',
          arguments: { name: 'convertCurrency', arguments: { amount: 10, from: 'EUR', to: 'EUR' } },
        })) as ToolResult;
        expect(through.isError).to.not.equal(true);
        // The called tool's own result, structured content and all.
        expect(through.structuredContent).to.deep.equal({ result: 10 });
        const direct = (await reader.callTool({ name: 'getWeatherForecast', arguments: { city: 'Porto', days: 1 } })) as ToolResult;
        expect(direct.structuredContent).to.deep.equal({ days: [{ date: 'day 1', highC: 20, lowC: 12, summary: 'sunny in Porto' }] });
        // The called tool's own validation still applies through call_tool.
        const invalid = (await reader.callTool({
          name: 'call_tool',
          arguments: { name: 'convertCurrency', arguments: { amount: 'ten' } },
        })) as ToolResult;
        expect(invalid.isError).to.equal(true);
        expect(invalid.content[0]?.text).to.include('convertCurrency');
      });

      it('a tool the caller may not see is never found nor called through call_tool; scopes and disabling both count', async () => {
        const url = await serve();
        const reader = await client(flavour, url, 'reader');
        const admin = await client(flavour, url, 'admin');
        expect((await search(reader, 'refund a payment')).map((t) => t.name)).to.not.include('refundPayment');
        expect((await search(admin, 'refund a payment'))[0]?.name).to.equal('refundPayment');
        const refused = (await reader.callTool({
          name: 'call_tool',
          arguments: { name: 'refundPayment', arguments: { paymentId: 'p1' } },
        })) as ToolResult;
        expect(refused.isError).to.equal(true);
        expect(refused.content[0]?.text).to.equal('No tool named "refundPayment" is available; search_tools lists the tools you can call.');
        const allowed = (await admin.callTool({
          name: 'call_tool',
          arguments: { name: 'refundPayment', arguments: { paymentId: 'p1' } },
        })) as ToolResult;
        expect(allowed.content).to.deep.equal([{ type: 'text', text: 'refunded all of p1' }]);

        app?.tools.disable('sendEmail');
        expect((await search(admin, 'send an email')).map((t) => t.name)).to.not.include('sendEmail');
        const disabled = (await admin.callTool({ name: 'call_tool', arguments: { name: 'sendEmail', arguments: {} } })) as ToolResult;
        expect(disabled.isError).to.equal(true);
        app?.tools.enable('sendEmail');
        expect((await search(admin, 'send an email'))[0]?.name).to.equal('sendEmail');
        // A tool that always runs as a task is found, but call_tool cannot hand on a task handle.
        expect((await search(admin, 'export a table to CSV'))[0]?.name).to.equal('exportTable');
        const task = (await admin.callTool({
          name: 'call_tool',
          arguments: { name: 'exportTable', arguments: { table: 't' } },
        })) as ToolResult;
        expect(task.isError).to.equal(true);
        expect(task.content[0]?.text).to.include('runs as a task: call it directly');
        const meta = (await admin.callTool({ name: 'call_tool', arguments: { name: 'call_tool', arguments: {} } })) as ToolResult;
        expect(meta.isError).to.equal(true);
        expect((await search(admin, 'search tools call tool')).map((t) => t.name)).to.not.include.members(['search_tools', 'call_tool']);
      });

      it('hostile queries get clean answers: too long, unicode, empty, limit out of range', async () => {
        const reader = await client(flavour, await serve(), 'reader');
        const long = (await reader.callTool({ name: 'search_tools', arguments: { query: 'weather '.repeat(200) } })) as ToolResult;
        expect(long.isError).to.equal(true);
        expect(long.content[0]?.text).to.include('query');
        expect(long.content[0]?.text?.length).to.be.below(600);
        expect(await search(reader, '')).to.deep.equal([]);
        expect(await search(reader, '🎉🎉 \u202e\u0000 ')).to.deep.equal([]);
        expect(await search(reader, '東京の天気 météo Zürich')).to.be.an('array');
        expect((await search(reader, 'ｗｅａｔｈｅｒ WEATHER Wéather'))[0]?.name).to.equal('getWeatherForecast');
        const tooMany = (await reader.callTool({ name: 'search_tools', arguments: { query: 'notes', limit: 21 } })) as ToolResult;
        expect(tooMany.isError).to.equal(true);
        const zero = (await reader.callTool({ name: 'search_tools', arguments: { query: 'notes', limit: 0 } })) as ToolResult;
        expect(zero.isError).to.equal(true);
        // Only the first 32 words are looked up (maxQueryTerms).
        expect(await search(reader, `${'blah '.repeat(40)} weather`)).to.deep.equal([]);
        expect((await search(reader, `${'blah '.repeat(20)} weather`))[0]?.name).to.equal('getWeatherForecast');
      });
    });
  }

  it('stdio (SDK v1 client, real child process): the list, a search and both ways to call', async () => {
    const stdio = new ClientV1({ name: 'search-stdio', version: '1.0.0' });
    await within(
      stdio.connect(
        new StdioClientTransport({ command: process.execPath, args: [join(COMPILED_DIR, 'catalog-stdio.js')], stderr: 'ignore' }),
      ),
      'connect over stdio',
    );
    clients.push(stdio as unknown as AnyClient);
    expect((await stdio.listTools()).tools.map((t) => t.name)).to.deep.equal(['search_tools', 'call_tool', 'health']);
    const tools = found(
      await within(stdio.callTool({ name: 'search_tools', arguments: { query: 'open an issue on github', limit: 3 } }), 'search'),
    );
    expect(tools.map((t) => t.name)[0]).to.equal('createGithubIssue');
    // A caller no transport authenticated sees no scoped tool (stdio has no token).
    expect(
      found(await stdio.callTool({ name: 'search_tools', arguments: { query: 'delete all notes' } })).map((t) => t.name),
    ).to.not.include('deleteAllNotes');
    const through = (await stdio.callTool({
      name: 'call_tool',
      arguments: { name: 'createGithubIssue', arguments: { repo: 'a/b', title: 'Bug' } },
    })) as ToolResult;
    expect(through.structuredContent).to.deep.equal({ number: 6 });
    const direct = (await stdio.callTool({ name: 'translateText', arguments: { text: 'hello', language: 'fr' } })) as ToolResult;
    expect(direct.content).to.deep.equal([{ type: 'text', text: '[fr] hello' }]);
  });

  it('a tool registered at run time is found (list_changed reaches a 2025 session), and gone once removed', async () => {
    const url = await serve();
    const v1 = new ClientV1({ name: 'search-v1', version: '1.0.0' });
    let changed = 0;
    v1.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changed++;
    });
    await within(
      v1.connect(new HttpTransportV1(url, { fetch: checkingFetch, requestInit: { headers: { Authorization: 'Bearer reader' } } })),
      'connect',
    );
    clients.push(v1 as unknown as AnyClient);
    await v1.listTools();
    app?.tools.register({
      name: 'bookFlight',
      description: 'Book a flight ticket between two airports.',
      inputSchema: { type: 'object', properties: { from: { type: 'string', description: 'Departure airport code.' } }, required: ['from'] },
      handler: (args) => `booked from ${String(args.from)}`,
    });
    const tools = found(await v1.callTool({ name: 'search_tools', arguments: { query: 'book a flight' } }));
    expect(tools[0]?.name).to.equal('bookFlight');
    const booked = (await v1.callTool({ name: 'call_tool', arguments: { name: 'bookFlight', arguments: { from: 'LIS' } } })) as ToolResult;
    expect(booked.content).to.deep.equal([{ type: 'text', text: 'booked from LIS' }]);
    app?.tools.remove('bookFlight');
    expect(found(await v1.callTool({ name: 'search_tools', arguments: { query: 'book a flight' } })).map((t) => t.name)).to.not.include(
      'bookFlight',
    );
    for (let i = 0; i < 50 && changed < 2; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(changed).to.be.at.least(2);
  });

  describe('the index at start-up', () => {
    const index = join(COMPILED_DIR, TOOL_INDEX_FILE_NAME);
    const saved = `${index}.saved`;
    beforeEach(() => copyFileSync(index, saved));
    afterEach(() => {
      copyFileSync(saved, index);
      rmSync(saved, { force: true });
    });

    async function bootError(
      extra: Partial<Parameters<typeof Armature.create>[1]> = {},
    ): Promise<{ code?: string; message: string } | undefined> {
      return serve(extra).then(
        () => undefined,
        (error: unknown) => error as { code?: string; message: string },
      );
    }

    it('a missing index refuses the boot, naming the file and `armature build`', async () => {
      rmSync(index);
      const error = await bootError();
      expect(error?.code).to.equal('ARM_ERR_TOOL_INDEX_MISSING');
      expect(error?.message).to.include(index).and.include('armature build').and.include('allowStaleManifest');
    });

    it('an index built for other manifest bytes is stale', async () => {
      const [header, body] = readFileSync(index, 'utf8').split('\n');
      writeFileSync(index, `${JSON.stringify({ ...(JSON.parse(header as string) as object), manifestDigest: '0'.repeat(64) })}\n${body}\n`);
      const error = await bootError();
      expect(error?.code).to.equal('ARM_ERR_TOOL_INDEX_STALE');
      expect(error?.message).to.include('built for other bytes');
    });

    it('a body that does not parse is reported when first read, and its tools are indexed in process', async () => {
      const [header] = readFileSync(index, 'utf8').split('\n');
      writeFileSync(index, `${header}\n{"tools": [truncated\n`);
      const url = await serve();
      const reader = await client(FLAVOURS[2] as Flavour, url, 'reader');
      expect((await search(reader, 'weather forecast'))[0]?.name).to.equal('getWeatherForecast');
      expect(warnings.some((w) => w.includes('not JSON after its header') && w.includes('in process'))).to.equal(true);
    });

    it('with allowStaleManifest, a missing index is a warning and the tools are indexed in process', async () => {
      rmSync(index);
      const url = await serve({ allowStaleManifest: true });
      expect(warnings.some((w) => w.includes(index) && w.includes('in process'))).to.equal(true);
      const reader = await client(FLAVOURS[0] as Flavour, url, 'reader');
      expect((await search(reader, 'weather forecast'))[0]?.name).to.equal('getWeatherForecast');
    });
  });
});
