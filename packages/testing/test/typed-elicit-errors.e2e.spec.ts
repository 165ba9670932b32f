import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as HttpTransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpTransportV2 } from '@modelcontextprotocol/client';
import { Armature, type ArmatureManifest } from '@armature/core';
import { listenHttp, type HttpListenHandle } from '@armature/http';
import { checkServerMessage } from '../src';
import { scanSources } from '@armature/schema';
import { AskingModule } from './fixtures/asking.handlers';

/** The fixture's TypeScript source (the compiled test runs from dist/test). */
const FIXTURE = join(__dirname, '..', '..', 'test', 'fixtures', 'asking.handlers.ts');

/** A promise bounded in time, so a hung call fails the test instead of the run. */
function within<T>(promise: Promise<T>, what: string, ms = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** What a rejected SDK call carried: its JSON-RPC code and message. */
async function rejection(promise: Promise<unknown>): Promise<{ code: unknown; message: string }> {
  try {
    await within(promise, 'the refused call');
  } catch (error) {
    return { code: (error as { code?: unknown }).code, message: String((error as Error).message) };
  }
  throw new Error('the call was answered, not refused');
}

const TOPIC_MISMATCH = 'The answer to the form "topic" does not match it: ';
const LEVEL_MISMATCH = 'The answer to the form "level" does not match it: ';

describe('a typed elicitation answered with content outside its form, in a prompt or resource (SDK clients over Streamable HTTP)', () => {
  let manifest: ArmatureManifest;
  let app: Armature | undefined;
  let http: HttpListenHandle | undefined;
  const closers: (() => Promise<unknown>)[] = [];
  /** What the server sent over HTTP, checked against the revision of the request it answers. */
  const checks: Promise<{ messages: number; violations: string[] }>[] = [];
  const logged: unknown[] = [];
  /** The content the client accepts the next form with. */
  let content: Record<string, unknown> = {};

  before(function () {
    this.timeout(60_000);
    const scan = scanSources(
      { 'test/fixtures/asking.handlers.ts': readFileSync(FIXTURE, 'utf8') },
      { baseDir: join(__dirname, '..', '..') },
    );
    expect(scan.problems).to.deep.equal([]);
    expect(Object.keys(scan.manifest.elicitForms ?? {})).to.deep.equal(['level', 'topic']);
    manifest = scan.manifest as unknown as ArmatureManifest;
  });

  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
    await http?.close(100);
    await app?.close();
    http = undefined;
    app = undefined;
    logged.length = 0;
    const checked = await within(Promise.all(checks.splice(0)), 'the recorded HTTP bodies');
    expect(checked.reduce((sum, c) => sum + c.messages, 0)).to.be.above(4);
    expect(checked.flatMap((c) => c.violations)).to.deep.equal([]);
  });

  /**
   * A fetch that hands each JSON or SSE body the server answers a POST with to `checkServerMessage`
   * (read from a clone once it ends, so an SSE stream the client is still answering is not held up).
   */
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const sent: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const type = response.headers.get('content-type') ?? '';
    if (sent !== undefined && (type.startsWith('application/json') || type.startsWith('text/event-stream'))) {
      checks.push(
        response
          .clone()
          .text()
          .then((text) => {
            const bodies = type.startsWith('application/json')
              ? [text]
              : text
                  .split('\n')
                  .filter((line) => line.startsWith('data:') && line.slice(5).trim() !== '')
                  .map((line) => line.slice(5));
            const messages = bodies.map((body) => JSON.parse(body) as unknown);
            return { messages: messages.length, violations: messages.flatMap((message) => checkServerMessage(message, sent)) };
          }),
      );
    }
    return response;
  };

  async function serve(stateless: boolean): Promise<URL> {
    app = await Armature.create(AskingModule, {
      name: 'asking',
      version: '1.0.0',
      manifest,
      logger: { error: (...args: unknown[]) => void logged.push(args), warn: () => undefined, debug: () => undefined },
    });
    http = await listenHttp(app, { port: 0, stateless });
    return new URL(http.url);
  }

  it('MCP 2025-11-25 (SDK v1): -32602 naming the wrong fields from prompts/get and resources/read; a matching answer is served', async () => {
    const client = new ClientV1({ name: 'asking-v1', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content }) as { action: 'accept' });
    await within(client.connect(new HttpTransportV1(await serve(false), { fetch: recording })), 'connect');
    closers.push(() => client.close());

    content = { topic: 42, points: 9 };
    const prompt = await rejection(client.getPrompt({ name: 'brief' }));
    expect(prompt.code).to.equal(-32602);
    expect(prompt.message).to.include(TOPIC_MISMATCH).and.include('topic').and.include('points');
    content = { level: 'guru' };
    const resource = await rejection(client.readResource({ uri: 'answers://level' }));
    expect(resource.code).to.equal(-32602);
    expect(resource.message).to.include(LEVEL_MISMATCH).and.include('level');
    // Not a server failure: nothing is logged as one.
    expect(logged).to.deep.equal([]);

    content = { topic: 'tides', points: 2 };
    const served = await within(client.getPrompt({ name: 'brief' }), 'brief');
    expect(served.messages).to.deep.equal([{ role: 'user', content: { type: 'text', text: 'Brief me on tides in 2 points.' } }]);
  });

  it('MCP 2026-07-28 (SDK v2, input_required rounds): the retry with the wrong answer is refused -32602 naming the fields', async () => {
    const client = new ClientV2(
      { name: 'asking-v2', version: '1.0.0' },
      { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    client.setRequestHandler('elicitation/create', () => ({ action: 'accept', content }) as { action: 'accept' });
    await within(client.connect(new HttpTransportV2(await serve(true), { fetch: recording })), 'connect');
    closers.push(() => client.close());

    content = { topic: 'tides', points: 0 };
    const prompt = await rejection(client.getPrompt({ name: 'brief' }));
    expect(prompt.code).to.equal(-32602);
    expect(prompt.message).to.include(TOPIC_MISMATCH).and.include('points');
    content = { level: 'beginner', extra: true };
    const resource = await rejection(client.readResource({ uri: 'answers://level' }));
    expect(resource.code).to.equal(-32602);
    expect(resource.message).to.include(LEVEL_MISMATCH).and.include('extra');
    expect(logged).to.deep.equal([]);

    content = { level: 'expert' };
    const read = await within(client.readResource({ uri: 'answers://level' }), 'level');
    expect(read.contents).to.deep.equal([{ uri: 'answers://level', mimeType: 'text/plain', text: 'answers for the expert' }]);
  });
});
