import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fromManifestDocument, type ManifestDocument } from '@armature/schema';
import { NODE16_FIXTURE_TSCONFIG, readJson, removeFixture, runArmature } from './support/fixture-project';
import { createRealProject } from './support/real-project';

/** An OpenAPI 3.1 document with the cases the Petstore lacks. */
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Edge cases', version: '1' },
  servers: [{ url: 'https://edge.example.com/v1' }],
  paths: {
    '/items/{item-id}': {
      get: {
        tags: ['items'],
        summary: 'Read an item.',
        parameters: [
          { name: 'item-id', in: 'path', required: true, schema: { type: 'integer', exclusiveMinimum: 0 } },
          { name: 'X-Trace', in: 'header', schema: { type: ['string', 'null'], format: 'uuid' } },
          { name: 'session', in: 'cookie', schema: { type: 'string' } },
        ],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } } },
      },
    },
    '/items': {
      get: { tags: ['items'], operationId: 'list items', responses: { '204': { description: 'none' } } },
      post: {
        tags: ['admin'],
        operationId: 'list_items',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { oneOf: [{ $ref: '#/components/schemas/Item' }, { type: 'string', maxLength: 8 }] } } },
        },
        responses: { '201': { description: 'made', content: { 'text/plain': { schema: { type: 'string' } } } } },
      },
    },
  },
  components: {
    schemas: {
      Base: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] },
      Item: {
        allOf: [
          { $ref: '#/components/schemas/Base' },
          { type: 'object', properties: { kind: { enum: ['a', 'b', null] }, price: { type: 'number', exclusiveMaximum: 100 } } },
        ],
      },
    },
  },
};

const TSCONFIG = NODE16_FIXTURE_TSCONFIG;

describe('armature openapi: a 3.1 document through the scanner (real build)', function () {
  this.timeout(120_000);
  let dir: string;
  afterEach(() => removeFixture(dir));

  it('turns every edge case into the schema the document means, with unique tool names', () => {
    dir = createRealProject({ 'tsconfig.json': JSON.stringify(TSCONFIG), 'edge.json': JSON.stringify(DOCUMENT) });
    const generated = runArmature(['openapi', 'edge.json', '--out', 'src/edge'], dir);
    expect(generated.status, generated.stderr).to.equal(0);
    expect(fs.readFileSync(path.join(dir, 'src/edge/edge.client.ts'), 'utf8')).to.contain(
      'export const EDGE_DEFAULT_BASE_URL = "https://edge.example.com/v1";',
    );
    const built = runArmature(['build'], dir);
    expect(built.status, built.stdout + built.stderr).to.equal(0);
    const manifest = fromManifestDocument(readJson(path.join(dir, 'dist/armature.manifest.json')) as ManifestDocument);
    const items = manifest.handlers['src/edge/items.tools.js#ItemsTools']?.methods ?? {};
    const admin = manifest.handlers['src/edge/admin.tools.js#AdminTools']?.methods ?? {};
    expect(Object.values(items).map((m) => m.name)).to.deep.equal(['list_items', 'get__items_item-id']);
    expect(Object.values(admin).map((m) => m.name)).to.deep.equal(['list_items_2']);
    const read = items.getItemsItemId;
    expect(read?.inputSchema?.properties).to.deep.equal({
      'item-id': { type: 'integer', exclusiveMinimum: 0 },
      'X-Trace': { type: ['null', 'string'], format: 'uuid' },
    });
    expect(read?.inputSchema?.required).to.deep.equal(['item-id']);
    // Results are output schemas: an allOf stays an allOf (inputs merge it).
    expect(read?.outputSchema?.allOf).to.deep.equal([
      { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] },
      {
        type: 'object',
        properties: {
          kind: { anyOf: [{ enum: ['a', 'b'], type: 'string' }, { type: 'null' }] },
          price: { exclusiveMaximum: 100, type: 'number' },
        },
      },
    ]);
    const properties = admin.listItems2?.inputSchema?.properties as Record<string, { anyOf?: unknown[] }> | undefined;
    const body = properties?.body;
    expect(body?.anyOf).to.have.length(2);
  });

  it('writes only the operations asked for, and exits 1 naming the filter when none match', () => {
    dir = createRealProject({ 'edge.json': JSON.stringify(DOCUMENT) });
    const admin = runArmature(['openapi', 'edge.json', '--out', 'src/admin', '--tag', 'admin', '--base-url', 'http://127.0.0.1:9'], dir);
    expect(admin.status, admin.stderr).to.equal(0);
    expect(fs.readdirSync(path.join(dir, 'src/admin')).sort()).to.deep.equal([
      'admin.client.ts',
      'admin.module.ts',
      'admin.tools.ts',
      'admin.types.ts',
    ]);
    expect(fs.readFileSync(path.join(dir, 'src/admin/admin.client.ts'), 'utf8')).to.contain('"http://127.0.0.1:9"');
    const none = runArmature(['openapi', 'edge.json', '--out', 'src/none', '--operation', 'nope'], dir);
    expect(none.status).to.equal(1);
    expect(none.stderr.trim()).to.equal('armature: edge.json: no operation matches --operation nope.');
    expect(fs.existsSync(path.join(dir, 'src/none'))).to.equal(false);
  });

  it('refuses a Swagger 2.0 document and a missing --out', () => {
    dir = createRealProject({ 'old.yaml': 'swagger: "2.0"\npaths: {}\n' });
    const old = runArmature(['openapi', 'old.yaml', '--out', 'src/old'], dir);
    expect(old.status).to.equal(1);
    expect(old.stderr.trim()).to.equal('armature: old.yaml: only OpenAPI 3.0 and 3.1 are supported, found Swagger 2.0.');
    const usage = runArmature(['openapi', 'old.yaml'], dir);
    expect(usage.status).to.equal(2);
    expect(usage.stderr).to.contain('armature: openapi needs --out <dir>, the folder of the generated module.');
  });
});
