import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { summarizeSchema } from '../src';
import { runArmature } from './support/fixture-project';
import { removeScaffold, scaffoldInWorkspace } from './support/scaffolded-project';

describe('armature inspect', () => {
  let dir: string;
  const manifestFile = (): string => path.join(dir, 'dist/armature.manifest.json');

  beforeEach(function () {
    this.timeout(120_000);
    dir = scaffoldInWorkspace('inspected');
    const build = runArmature(['build'], dir);
    expect(build.status, build.stdout).to.equal(0);
  });
  afterEach(() => removeScaffold(dir));

  it('prints the manifest as tables and exits 0 when it is current and valid', () => {
    const result = runArmature(['inspect'], dir);
    expect(result.status, result.stdout).to.equal(0);
    expect(result.stdout.split('\n')).to.deep.equal([
      'Manifest: dist/armature.manifest.json (@armature/schema 0.1.0)',
      '',
      'Tools (1)',
      '  METHOD               INPUT                                    OUTPUT                               DESCRIPTION',
      '  HelloHandlers.greet  name: string, excited?: boolean = false  { message: string; length: number }  Greet someone by name.',
      '',
      'Resources (1)',
      '  METHOD               DESCRIPTION',
      '  HelloHandlers.about  What this server is.',
      '',
      'Resource templates: none',
      '',
      'Prompts: none',
      '',
      'armature: the manifest is current and valid.',
      '',
    ]);
  });

  it('boots the root module with --entry and lists names and URIs through an MCP client; --verbose adds the schemas', () => {
    const result = runArmature(['inspect', '--entry', 'dist/src/app.module.js', '--verbose'], dir);
    expect(result.status, result.stdout + result.stderr).to.equal(0);
    const lines = result.stdout.split('\n');
    expect(lines).to.include.members([
      'Served by dist/src/app.module.js (booted, listed through an in-memory MCP client):',
      '  NAME   INPUT                                    OUTPUT                               DESCRIPTION',
      '  greet  name: string, excited?: boolean = false  { message: string; length: number }  Greet someone by name.',
      '  URI            NAME   MIME TYPE   DESCRIPTION',
      '  hello://about  about  text/plain  What this server is.',
    ]);
    expect(result.stdout).to.contain('  inputSchema: {\n    "$schema": "https://json-schema.org/draft/2020-12/schema",');
  });

  it('exits 1 when the manifest is stale', () => {
    fs.appendFileSync(path.join(dir, 'src/hello.handlers.ts'), '\n// edited\n');
    const result = runArmature(['inspect'], dir);
    expect(result.status).to.equal(1);
    expect(result.stdout).to.contain('  problem: the manifest is stale: the sources changed since it was written; run armature build.');
    expect(result.stdout).to.contain('armature: inspect found problems (exit 1).');
  });

  it('exits 1 when the manifest is missing', () => {
    fs.rmSync(manifestFile());
    const result = runArmature(['inspect'], dir);
    expect(result.status).to.equal(1);
    expect(result.stdout.split('\n').slice(0, 2)).to.deep.equal([
      'Manifest: dist/armature.manifest.json',
      '  problem: the manifest is missing; run armature build.',
    ]);
  });

  it('exits 1 for a manifest an older armature build wrote (format 1)', () => {
    fs.writeFileSync(manifestFile(), JSON.stringify({ armature: 1, handlers: {} }));
    const result = runArmature(['inspect'], dir);
    expect(result.status).to.equal(1);
    expect(result.stdout).to.contain('  problem: the manifest is not a valid format-4 manifest: format version 1; run armature build.');
  });

  it('exits 1 when a method refers to a schema the manifest does not hold', () => {
    const manifest = JSON.parse(fs.readFileSync(manifestFile(), 'utf8')) as { schemas: unknown[] };
    fs.writeFileSync(manifestFile(), JSON.stringify({ ...manifest, schemas: [] }));
    const result = runArmature(['inspect'], dir);
    expect(result.status).to.equal(1);
    expect(result.stdout).to.match(
      /problem: the manifest is not a valid format-4 manifest: .*HelloHandlers method greet refers to a schema not in "schemas"/,
    );
  });

  it('exits 1 when a schema is not valid JSON Schema 2020-12', () => {
    const manifest = JSON.parse(fs.readFileSync(manifestFile(), 'utf8')) as {
      schemas: string[];
      handlers: Record<string, { methods: Record<string, { inputSchema?: number }> }>;
    };
    const greet = manifest.handlers['src/hello.handlers.js#HelloHandlers']?.methods.greet;
    const index = greet?.inputSchema ?? -1;
    const schema = JSON.parse(manifest.schemas[index] ?? '{}') as { properties: Record<string, unknown> };
    schema.properties.name = { type: 'text' };
    manifest.schemas[index] = JSON.stringify(schema);
    fs.writeFileSync(manifestFile(), JSON.stringify(manifest));
    const result = runArmature(['inspect'], dir);
    expect(result.status).to.equal(1);
    expect(result.stdout).to.match(/ {2}problem: HelloHandlers\.greet inputSchema: not valid JSON Schema 2020-12 \(.+\)\./);
  });

  it('exits 1 when --entry exports no module', () => {
    const result = runArmature(['inspect', '--entry', 'dist/src/main.js#Nope'], dir);
    expect(result.status).to.equal(1);
    expect(result.stdout).to.contain(
      `armature: dist/src/main.js#Nope did not boot: ${path.join(dir, 'dist/src/main.js')} exports no module named Nope.`,
    );
  });

  it('summarizes schemas the way TypeScript reads', () => {
    expect(summarizeSchema({ type: ['string', 'null'] })).to.equal('string | null');
    expect(summarizeSchema({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], minItems: 1, items: false })).to.equal(
      '[string, number?]',
    );
    expect(summarizeSchema({ type: 'object', additionalProperties: { type: 'number' } })).to.equal('Record<string, number>');
    expect(summarizeSchema({ $ref: '#/$defs/address' })).to.equal('address');
    expect(summarizeSchema({ type: 'array', items: { enum: ['a', 'b'] } })).to.equal("('a' | 'b')[]");
  });
});
