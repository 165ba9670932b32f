import { expect } from 'chai';
import { Module as NestModule, type CanActivate, type INestApplication } from '@nestjs/common';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { checkServerMessage } from '@armature/testing';
import { within } from '@armature/transport-fixtures';
import type { JSONRPCMessage } from '@armature/core/wire/2025-11-25';
import { ArmatureModule, mcpContext } from '../src';
import { ENHANCED_OPTIONS, EnhancedAppModule, gate, Journal, JournalModule } from './support/enhanced-app';
import { startNest } from './support/start-nest';

type Revision = '2025-11-25' | '2026-07-28';

/** What the tests ask of either SDK's client. */
interface McpClient {
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  getPrompt(params: { name: string }): Promise<unknown>;
  readResource(params: { uri: string }): Promise<unknown>;
  close(): Promise<void>;
}

/** The wire, as the client end saw it: what it sent (requests by id) and what it received. */
interface Wire {
  readonly sent: Map<unknown, JSONRPCMessage>;
  readonly received: JSONRPCMessage[];
}

interface WatchableTransport {
  send(message: JSONRPCMessage, ...rest: unknown[]): Promise<void>;
  onmessage?: ((message: JSONRPCMessage, ...rest: unknown[]) => void) | undefined;
}

/** Records the wire of a connected transport (its `onmessage` is the client's, set by `connect`). */
function watch(transport: WatchableTransport, wire: Wire): void {
  const send = transport.send.bind(transport);
  transport.send = (message, ...rest) => {
    if ('id' in message && 'method' in message) wire.sent.set(message.id, message);
    return send(message, ...rest);
  };
  const onmessage = transport.onmessage;
  transport.onmessage = (message, ...rest) => {
    wire.received.push(message);
    onmessage?.(message, ...rest);
  };
}

function textOf(result: unknown): string {
  return ((result as { content: { text: string }[] }).content[0] ?? { text: '' }).text;
}

function isErrorOf(result: unknown): boolean {
  return (result as { isError?: boolean }).isError === true;
}

/** The JSON-RPC error a client call was refused with. */
async function refusal(call: Promise<unknown>): Promise<{ code: number; message: string }> {
  const outcome = await call.then(
    () => undefined,
    (error: unknown) => error as { code: number; message: string },
  );
  if (outcome === undefined) throw new Error('expected the call to be refused');
  return outcome;
}

const ORDER = [
  'guard:module',
  'guard:class',
  'guard:method',
  'interceptor:module:before',
  'interceptor:class:before',
  'interceptor:method:before',
  'pipe:body',
  'handler:groceries',
  'interceptor:method:after',
  'interceptor:class:after:measured',
  'interceptor:module:after',
];

for (const platform of ['express', 'fastify'] as const) {
  describe(`@armature/nestjs: Nest guards, interceptors, pipes and filters on MCP routes (${platform} platform)`, () => {
    let nest: INestApplication | undefined;
    let base: string;
    let journal: Journal;
    let wire: Wire;
    const clients: McpClient[] = [];

    beforeEach(async () => {
      wire = { sent: new Map(), received: [] };
      ({ nest, base } = await startNest(EnhancedAppModule, platform));
      journal = nest.get(Journal);
    });

    afterEach(async () => {
      gate.open();
      for (const client of clients.splice(0)) await client.close().catch(() => undefined);
      await nest?.close();
      nest = undefined;
      // Every message the server sent is held to its revision's schema.
      const violations = wire.received.flatMap((m) =>
        checkServerMessage(m, 'id' in m && m.id !== undefined && !('method' in m) ? wire.sent.get(m.id) : undefined),
      );
      expect(violations).to.deep.equal([]);
    });

    /** An SDK v1 client (MCP 2025-11-25) or an SDK v2 client pinned to 2026-07-28, calling as `user`. */
    async function connect(revision: Revision, user: string): Promise<McpClient> {
      const url = new URL(`${base}/mcp`);
      const requestInit = { headers: { 'x-user': user } };
      if (revision === '2025-11-25') {
        const client = new Client({ name: 'nest-enhancers', version: '1.0.0' });
        const transport = new StreamableHTTPClientTransport(url, { requestInit });
        await within(client.connect(transport), 'the v1 client to connect');
        watch(transport as unknown as WatchableTransport, wire);
        clients.push(client as unknown as McpClient);
        return client as unknown as McpClient;
      }
      const client = new ClientV2({ name: 'nest-enhancers', version: '1.0.0' }, { versionNegotiation: { mode: { pin: revision } } });
      const transport = new TransportV2(url, { requestInit });
      await within(client.connect(transport), 'the v2 client to connect');
      expect(client.getNegotiatedProtocolVersion()).to.equal(revision);
      watch(transport as unknown as WatchableTransport, wire);
      clients.push(client as unknown as McpClient);
      return client as unknown as McpClient;
    }

    for (const revision of ['2025-11-25', '2026-07-28'] as const) {
      describe(`MCP ${revision}`, () => {
        it("runs module, class and method enhancers in Nest's order: guards, interceptors, pipes, handler, interceptors after", async () => {
          const client = await connect(revision, 'ada');
          const result = await within(client.callTool({ name: 'add', arguments: { title: '  groceries ' } }), 'add');
          // The pipe trimmed the arguments the handler got; the class interceptor mapped its value.
          expect(textOf(result)).to.equal('added "groceries" (timed)');
          expect(journal.events).to.deep.equal(ORDER);
          // The context the class guard saw: Nest's ExecutionContext of type 'mcp', with the MCP facts.
          expect(journal.seen).to.deep.equal([
            {
              type: 'mcp',
              className: 'GuardedNotes',
              handlerName: 'add',
              name: 'add',
              revision,
              session: revision === '2025-11-25',
              data: { title: '  groceries ' },
            },
          ]);
          // prompts/get and resources/read of the decorated class run the same chain.
          journal.events.length = 0;
          const prompt = (await within(client.getPrompt({ name: 'summary' }), 'the prompt')) as {
            messages: { content: { text: string } }[];
          };
          expect(prompt.messages[0]?.content.text).to.equal('Summarise the notes. (timed)');
          const read = (await within(client.readResource({ uri: 'notes://index' }), 'the resource')) as { contents: { text: string }[] };
          expect(read.contents[0]?.text).to.equal('the index (timed)');
          expect(journal.events.filter((e) => e.startsWith('guard:'))).to.deep.equal([
            'guard:module',
            'guard:class',
            'guard:module',
            'guard:class',
          ]);
          expect(journal.seen.slice(1).map((s) => s.name)).to.deep.equal(['summary', 'notes://index']);
        });

        it('a guard denies by principal: the tool answers isError, the prompt and the resource -32003; the handler never runs', async () => {
          const client = await connect(revision, 'mallory');
          const denied = await within(client.callTool({ name: 'add', arguments: { title: 'x' } }), 'add as mallory');
          expect(isErrorOf(denied)).to.equal(true);
          expect(textOf(denied)).to.equal('Forbidden: you are not allowed to call tool "add".');
          const prompt = await within(refusal(client.getPrompt({ name: 'summary' })), 'the prompt');
          expect(prompt.code).to.equal(-32003);
          expect(prompt.message).to.contain('Forbidden: you are not allowed to get prompt "summary".');
          const resource = await within(refusal(client.readResource({ uri: 'notes://index' })), 'the resource');
          expect(resource.code).to.equal(-32003);
          expect(journal.events.filter((e) => e.startsWith('handler'))).to.deep.equal([]);
          // A handler class without Nest enhancers of its own runs behind the module-wide ones only.
          journal.events.length = 0;
          expect(textOf(await within(client.callTool({ name: 'echo', arguments: { text: 'hi' } }), 'echo'))).to.equal('hi');
          expect(journal.events).to.deep.equal(['guard:module', 'interceptor:module:before', 'interceptor:module:after']);
        });

        it('a method guard built by Nest (Reflector and a service injected) refuses with its ForbiddenException message', async () => {
          const client = await connect(revision, 'grace');
          const denied = await within(client.callTool({ name: 'add', arguments: { title: 'x' } }), 'add as grace');
          expect(isErrorOf(denied)).to.equal(true);
          expect(textOf(denied)).to.equal('Only editors may do this.');
          expect(journal.events).to.deep.equal(['guard:module', 'guard:class', 'guard:method']);
        });

        it("a pipe refuses invalid arguments with BadRequestException: isError with the pipe's message, the handler never runs", async () => {
          const client = await connect(revision, 'ada');
          const invalid = await within(client.callTool({ name: 'add', arguments: { title: '   ' } }), 'add a blank title');
          expect(isErrorOf(invalid)).to.equal(true);
          expect(textOf(invalid)).to.equal('title must not be blank');
          expect(journal.events).to.include('pipe:body');
          expect(journal.events.filter((e) => e.startsWith('handler'))).to.deep.equal([]);
        });

        it('a filter shapes the exception it catches into the answer; Nest exceptions no filter catches map to MCP answers', async () => {
          const client = await connect(revision, 'ada');
          const shaped = await within(client.callTool({ name: 'open', arguments: { id: 'n1' } }), 'open');
          expect(isErrorOf(shaped)).to.equal(false);
          expect(textOf(shaped)).to.equal('No note "n1". Call "add" first.');
          expect(journal.events).to.include('filter:mcp');
          const forbidden = await within(client.callTool({ name: 'purge', arguments: {} }), 'purge');
          expect(isErrorOf(forbidden)).to.equal(true);
          expect(textOf(forbidden)).to.equal('Only administrators may purge notes.');
          const missing = await within(refusal(client.readResource({ uri: 'notes://archived' })), 'a missing note');
          // A resource not found: -32002 in 2025-11-25, which 2026-07-28 numbers -32602.
          expect(missing.code).to.equal(revision === '2025-11-25' ? -32002 : -32602);
          expect(missing.message).to.contain('The archive was moved to notes://index.');
        });

        it('a Nest exception reaches the client as a bounded message (4xx), a 5xx as the generic internal error', async () => {
          const client = await connect(revision, 'ada');
          const conflict = await within(client.callTool({ name: 'import', arguments: { text: 'y'.repeat(5000) } }), 'import');
          expect(isErrorOf(conflict)).to.equal(true);
          const text = textOf(conflict);
          expect(text).to.have.length(1001);
          expect(text.startsWith('Cannot import yyy')).to.equal(true);
          expect(text.endsWith('y…')).to.equal(true);
          const crash = await within(client.callTool({ name: 'crash', arguments: {} }), 'crash');
          expect(isErrorOf(crash)).to.equal(true);
          expect(textOf(crash)).to.not.contain('password').and.to.not.contain('db.internal');
        });

        it("an interceptor's rxjs timeout gives up on a slow tool: its RequestTimeoutException answers isError", async () => {
          const client = await connect(revision, 'ada');
          const late = await within(client.callTool({ name: 'slow', arguments: {} }), 'the slow tool');
          expect(isErrorOf(late)).to.equal(true);
          expect(textOf(late)).to.equal('The notes store took too long; try again.');
        });
      });
    }
  });
}

describe('@armature/nestjs: module-wide enhancers with ArmatureModule.forRootAsync', () => {
  it('runs the `enhancers` option (here a guard instance) on every MCP route', async () => {
    const closedShop: CanActivate = { canActivate: (context) => mcpContext(context).name !== 'echo' };

    @NestModule({
      imports: [
        JournalModule,
        ArmatureModule.forRootAsync({
          imports: [JournalModule],
          providers: [Journal],
          enhancers: { guards: [closedShop] },
          useFactory: () => ENHANCED_OPTIONS,
        }),
      ],
    })
    class AsyncEnhancedApp {}

    const { nest, base } = await startNest(AsyncEnhancedApp, 'express');
    const client = new Client({ name: 'nest-async-enhancers', version: '1.0.0' });
    const wire: Wire = { sent: new Map(), received: [] };
    try {
      const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`));
      await within(client.connect(transport), 'connect');
      watch(transport as unknown as WatchableTransport, wire);
      const refused = await within(client.callTool({ name: 'echo', arguments: { text: 'hi' } }), 'echo');
      expect(refused.isError).to.equal(true);
      expect(textOf(refused)).to.equal('Forbidden: you are not allowed to call tool "echo".');
      expect(
        wire.received.flatMap((m) => checkServerMessage(m, 'id' in m && !('method' in m) ? wire.sent.get(m.id) : undefined)),
      ).to.deep.equal([]);
    } finally {
      await client.close();
      await nest.close();
    }
  });
});
