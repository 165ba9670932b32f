import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioTransportV2 } from '@modelcontextprotocol/client/stdio';
import { checkServerMessage } from '@armature/testing';
import { NODE16_FIXTURE_TSCONFIG, removeFixture, runArmature } from './support/fixture-project';
import { createRealProject } from './support/real-project';
import { PETSTORE_KEY, startPetstoreServer, type PetstoreServer } from './support/petstore-server';

const PETSTORE = path.join(__dirname, '..', '..', 'test', 'fixtures', 'openapi', 'petstore3.yaml');

const MAIN = `import 'reflect-metadata';
import { Armature } from '@armature/core';
import { PetstoreModule } from './petstore/petstore.module';

void Armature.create(PetstoreModule, { name: 'petstore', version: '1.0.0' }).then((app) => app.listen());
`;

const TSCONFIG = NODE16_FIXTURE_TSCONFIG;

interface TextResult {
  readonly isError?: boolean;
  readonly content: readonly { type: string; text?: string }[];
  readonly structuredContent?: unknown;
}

function text(result: TextResult): string {
  return result.content.map((block) => block.text ?? '').join('\n');
}

describe('armature openapi: the Swagger Petstore 3 document as tools (generated, built, served, called)', function () {
  this.timeout(120_000);
  let dir: string;
  let server: PetstoreServer;
  let client: Client;
  const sent = new Map<string | number, JSONRPCMessage>();
  const received: JSONRPCMessage[] = [];

  before(async () => {
    server = await startPetstoreServer();
    dir = createRealProject({ 'tsconfig.json': JSON.stringify(TSCONFIG, null, 2), 'src/main.ts': MAIN });
    const generated = runArmature(['openapi', PETSTORE, '--out', 'src/petstore'], dir);
    expect(generated.status, generated.stdout + generated.stderr).to.equal(0);
    expect(generated.stdout).to.contain('armature: 19 operations as tools in src/petstore.');
    const built = runArmature(['build'], dir);
    expect(built.status, built.stdout + built.stderr).to.equal(0);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['dist/src/main.js'],
      cwd: dir,
      stderr: 'ignore',
      env: {
        PATH: process.env.PATH ?? '',
        PETSTORE_BASE_URL: server.baseUrl,
        PETSTORE_HEADERS: JSON.stringify({ api_key: PETSTORE_KEY }),
        PETSTORE_TIMEOUT_MS: '500',
        PETSTORE_MAX_RESPONSE_BYTES: '65536',
      },
    });
    client = new Client({ name: 'openapi-e2e', version: '1.0.0' });
    await client.connect(transport);
    // Every message the server sends is held to its revision's schema (checked in after()).
    const send = transport.send.bind(transport);
    transport.send = (message: JSONRPCMessage) => {
      if ('id' in message && 'method' in message) sent.set(message.id, message);
      return send(message);
    };
    const onmessage = transport.onmessage;
    transport.onmessage = (message) => {
      received.push(message);
      onmessage?.(message);
    };
  });

  after(async () => {
    await client?.close();
    await server?.close();
    if (dir) removeFixture(dir);
    const violations = received.flatMap((m) =>
      checkServerMessage(m, 'id' in m && m.id !== undefined && !('method' in m) ? sent.get(m.id) : undefined),
    );
    expect(received.length).to.be.above(5);
    expect(violations).to.deep.equal([]);
  });

  it('lists one tool per operation, with the typed input schema from the document', async () => {
    const { tools } = await client.listTools();
    expect(tools).to.have.length(19);
    const byStatus = tools.find((t) => t.name === 'findPetsByStatus');
    expect(byStatus?.description).to.equal('Finds Pets by status.\n\nMultiple status values can be provided with comma separated strings.');
    expect(byStatus?.annotations).to.include({ readOnlyHint: true, openWorldHint: true });
    expect(byStatus?.inputSchema.properties).to.deep.equal({
      status: {
        description: 'Status values that need to be considered for filter',
        default: 'available',
        enum: ['available', 'pending', 'sold'],
        type: 'string',
      },
    });
    const byId = tools.find((t) => t.name === 'getPetById');
    expect(byId?.inputSchema.required).to.deep.equal(['petId']);
    expect(byId?.inputSchema.properties?.petId).to.deep.equal({ description: 'ID of pet to return', type: 'integer', format: 'int64' });
    const addPet = tools.find((t) => t.name === 'addPet');
    const body = addPet?.inputSchema.properties?.body as { required?: string[]; properties?: Record<string, unknown> } | undefined;
    expect(body?.required).to.deep.equal(['name', 'photoUrls']);
    expect(body?.properties?.status).to.deep.equal({
      description: 'pet status in the store',
      enum: ['available', 'pending', 'sold'],
      type: 'string',
    });
  });

  it('calls path and query operations and returns the typed result', async () => {
    const pet = (await client.callTool({ name: 'getPetById', arguments: { petId: 2 } })) as TextResult;
    expect(pet.isError, text(pet)).to.not.equal(true);
    expect(pet.structuredContent).to.deep.equal({ id: 2, name: 'Tom', photoUrls: ['https://example.com/tom.png'], status: 'sold' });
    const sold = (await client.callTool({ name: 'findPetsByStatus', arguments: { status: 'sold' } })) as TextResult;
    expect(sold.structuredContent).to.deep.equal({
      result: [{ id: 2, name: 'Tom', photoUrls: ['https://example.com/tom.png'], status: 'sold' }],
    });
    expect(server.requests.map((r) => r.url)).to.include('/api/v3/pet/findByStatus?status=sold');
  });

  it('sends a JSON body with the configured auth header', async () => {
    const created = (await client.callTool({
      name: 'addPet',
      arguments: { body: { name: 'Kitty', photoUrls: [], status: 'pending' } },
    })) as TextResult;
    expect(created.isError, text(created)).to.not.equal(true);
    expect(created.structuredContent).to.deep.equal({ id: 3, name: 'Kitty', photoUrls: [], status: 'pending' });
    expect(server.requests.find((r) => r.method === 'POST')?.apiKey).to.equal(PETSTORE_KEY);
  });

  it('refuses arguments the schema forbids before any request is sent', async () => {
    const before = server.requests.length;
    const result = (await client.callTool({ name: 'findPetsByStatus', arguments: { status: 'lost' } })) as TextResult;
    expect(result.isError).to.equal(true);
    expect(text(result)).to.contain('status');
    expect(server.requests.length).to.equal(before);
  });

  it('answers an error status as an isError result with the status and a bounded excerpt of the body', async () => {
    const missing = (await client.callTool({ name: 'getPetById', arguments: { petId: 99 } })) as TextResult;
    expect(missing.isError).to.equal(true);
    expect(text(missing)).to.match(/^GET \/pet\/\{petId\} answered HTTP 404: Pet not found\. x+…$/);
    expect(text(missing).length).to.be.below(600);
  });

  it('answers a body over the limit as an isError result, without the body', async () => {
    const result = (await client.callTool({ name: 'getInventory', arguments: {} })) as TextResult;
    expect(result.isError).to.equal(true);
    expect(text(result)).to.equal('GET /store/inventory answered with more than 65536 bytes; ask for less (filters, paging).');
  });

  it('answers a service that does not answer in time as an isError result', async () => {
    const result = (await client.callTool({ name: 'logoutUser', arguments: {} })) as TextResult;
    expect(result.isError).to.equal(true);
    expect(text(result)).to.equal('GET /user/logout did not answer within 500 ms; try again later.');
  });

  it('serves the SDK v2 client too', async () => {
    const transport = new StdioTransportV2({
      command: process.execPath,
      args: ['dist/src/main.js'],
      cwd: dir,
      stderr: 'ignore',
      env: { PATH: process.env.PATH ?? '', PETSTORE_BASE_URL: server.baseUrl },
    });
    const v2 = new ClientV2({ name: 'openapi-e2e-v2', version: '1.0.0' });
    await v2.connect(transport);
    try {
      const pet = (await v2.callTool({ name: 'getPetById', arguments: { petId: 1 } })) as TextResult;
      expect(pet.structuredContent).to.deep.equal({ id: 1, name: 'Rex', photoUrls: [], status: 'available' });
    } finally {
      await v2.close();
    }
  });

  it('regenerates byte for byte', () => {
    const folder = path.join(dir, 'src/petstore');
    const read = (): Record<string, string> =>
      Object.fromEntries(
        fs
          .readdirSync(folder)
          .sort()
          .map((f) => [f, fs.readFileSync(path.join(folder, f), 'utf8')]),
      );
    const first = read();
    expect(Object.keys(first)).to.deep.equal([
      'pet.tools.ts',
      'petstore.client.ts',
      'petstore.module.ts',
      'petstore.types.ts',
      'store.tools.ts',
      'user.tools.ts',
    ]);
    const again = runArmature(['openapi', PETSTORE, '--out', 'src/petstore'], dir);
    expect(again.status, again.stderr).to.equal(0);
    expect(read()).to.deep.equal(first);
  });
});
