import { expect } from 'chai';
import { Module as NestModule, type INestApplication } from '@nestjs/common';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { Armature } from '@armature/core';
import { within } from '@armature/transport-fixtures';
import { ArmatureModule } from '../src';
import { AppModule, Clock, MCP_OPTIONS, NotesController, NotesModule, NotesService } from './support/notes-app';
import { startNest } from './support/start-nest';

function textOf(result: unknown): string {
  return ((result as { content: { text: string }[] }).content[0] ?? { text: '' }).text;
}

for (const platform of ['express', 'fastify'] as const) {
  describe(`@armature/nestjs: ArmatureModule in a Nest application (${platform} platform), over a real socket`, () => {
    let nest: INestApplication | undefined;
    let base: string;
    const clients: { close(): Promise<void> }[] = [];

    beforeEach(async () => {
      NotesService.destroyed = 0;
      Clock.shutDown = 0;
      ({ nest, base } = await startNest(AppModule, platform));
    });

    afterEach(async () => {
      for (const client of clients.splice(0)) await client.close().catch(() => undefined);
      await nest?.close();
      nest = undefined;
    });

    async function connect(): Promise<Client> {
      const client = new Client({ name: 'nest-test', version: '1.0.0' });
      await within(client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`))), 'the SDK client to connect');
      clients.push(client);
      return client;
    }

    it('serves REST and MCP on one port over one Nest service: each sees what the other added', async () => {
      const client = await connect();
      const posted = await fetch(`${base}/notes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'from REST' }),
      });
      expect(await posted.json()).to.deep.equal({ count: 1 });
      expect(textOf(await within(client.callTool({ name: 'list', arguments: {} }), 'list'))).to.equal('from REST');
      // The tool's Armature provider (Clock) and the bridged Nest service, in one handler.
      expect(textOf(await within(client.callTool({ name: 'add', arguments: { title: 'from MCP' } }), 'add'))).to.equal('2 notes (tick)');
      expect(await (await fetch(`${base}/notes`)).json()).to.deep.equal({ notes: ['from REST', 'from MCP'] });
    });

    it('answers invalid arguments with isError, and streams progress over SSE', async () => {
      const client = await connect();
      const invalid = await within(client.callTool({ name: 'add', arguments: { title: 42 } }), 'add with a number');
      expect(invalid.isError).to.equal(true);
      const progress: number[] = [];
      const done = await within(
        client.callTool({ name: 'steps', arguments: {} }, undefined, { onprogress: (p) => void progress.push(p.progress) }),
        'steps',
      );
      expect(textOf(done)).to.equal('done');
      expect(progress).to.deep.equal([1, 2]);
    });

    it('serves the SDK v2 client pinned to MCP 2026-07-28 on the same endpoint', async () => {
      const client = new ClientV2({ name: 'nest-v2', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
      await within(client.connect(new TransportV2(new URL(`${base}/mcp`))), 'the v2 client to connect');
      clients.push(client);
      expect(client.getNegotiatedProtocolVersion()).to.equal('2026-07-28');
      expect(textOf(await within(client.callTool({ name: 'add', arguments: { title: 'modern' } }), 'add'))).to.equal('1 notes (tick)');
    });

    it(
      platform === 'express'
        ? "bad bodies: Nest's JSON parser answers malformed JSON (400); Armature the rest (415, -32600), and keeps serving"
        : 'bad bodies: Armature answers them all with JSON-RPC errors (-32700, 415), and keeps serving',
      async () => {
        const post = (body: string, type = 'application/json') =>
          fetch(`${base}/mcp`, { method: 'POST', headers: { 'content-type': type, accept: 'application/json, text/event-stream' }, body });
        const malformed = await post('{"jsonrpc":');
        expect(malformed.status).to.equal(400);
        const answer = (await malformed.json()) as { error?: { code: number }; statusCode?: number };
        if (platform === 'fastify') expect(answer.error?.code).to.equal(-32700);
        else expect(answer.statusCode).to.equal(400);
        const text = await post('ping', 'text/plain');
        expect(text.status).to.equal(415);
        expect(((await text.json()) as { error: { code: number } }).error.code).to.equal(-32600);
        const notObject = await post('[1]');
        expect(notObject.status).to.equal(400);
        expect(((await notObject.json()) as { error: { code: number } }).error.code).to.equal(-32600);
        const client = await connect();
        expect(await within(client.ping(), 'ping')).to.deep.equal({});
      },
    );

    it("Nest's shutdown drains and closes Armature: sessions end, each side's lifecycle hooks run once, the port closes", async () => {
      const client = await connect();
      const app = nest!.get(Armature);
      expect(app.sessionCount).to.equal(1);
      await within(nest!.close(), 'the Nest application to close');
      nest = undefined;
      expect(app.sessionCount).to.equal(0);
      expect(Clock.shutDown, 'Armature onShutdown of its own provider').to.equal(1);
      expect(NotesService.destroyed, "the bridged Nest service's onModuleDestroy, run by Nest only").to.equal(1);
      const after = await client.callTool({ name: 'list', arguments: {} }).then(
        () => 'answered',
        () => 'refused',
      );
      expect(after).to.equal('refused');
    });
  });
}

describe('@armature/nestjs: ArmatureModule.forRootAsync', () => {
  it('builds the module options with a Nest factory that injects a Nest provider', async () => {
    @NestModule({
      imports: [
        NotesModule,
        ArmatureModule.forRootAsync({
          imports: [NotesModule],
          providers: [NotesService],
          inject: [NotesService],
          useFactory: (notes: NotesService) => ({ ...MCP_OPTIONS, path: `/mcp-${notes.list().length}` }),
        }),
      ],
      controllers: [NotesController],
    })
    class AsyncAppModule {}

    const { nest, base } = await startNest(AsyncAppModule, 'express');
    const client = new Client({ name: 'nest-async', version: '1.0.0' });
    try {
      await within(client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp-0`))), 'connect on the path the factory chose');
      expect(textOf(await within(client.callTool({ name: 'add', arguments: { title: 'async' } }), 'add'))).to.equal('1 notes (tick)');
    } finally {
      await client.close();
      await nest.close();
    }
  });
});
