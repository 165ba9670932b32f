import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatNotes, scanSources } from '@armature/schema';
import { callToolResult, callToolText, createTestServer, type TestServer } from '../src';
import { SignupModule } from './fixtures/dto-constraints.handlers';

const FIXTURE = join(__dirname, '..', '..', 'test', 'fixtures', 'dto-constraints.handlers.ts');

describe('DTO constraints end to end (armature build scan → tools/list → tools/call)', () => {
  let server: TestServer;
  let notes: string;

  before(async function () {
    this.timeout(60_000);
    const scan = scanSources(
      { 'test/fixtures/dto-constraints.handlers.ts': readFileSync(FIXTURE, 'utf8') },
      { baseDir: join(__dirname, '..', '..') },
    );
    expect(scan.problems).to.deep.equal([]);
    notes = formatNotes(scan.notes);
    server = await createTestServer(SignupModule, { manifest: scan.manifest });
  });

  after(() => server.close());

  it('tools/list shows the class-validator limits a model must respect; the rest is a build note', async () => {
    const { tools } = await server.client.listTools();
    const schema = tools.find((t) => t.name === 'signup')?.inputSchema as { properties: Record<string, unknown>; required: string[] };
    expect(schema.properties).to.deep.equal({
      email: { type: 'string', format: 'email' },
      age: { type: 'integer', minimum: 13, maximum: 120 },
      nickname: { type: 'string', minLength: 2, maxLength: 20 },
      pet: {
        type: 'object',
        properties: { name: { type: 'string', minLength: 1, maxLength: 10 } },
        additionalProperties: false,
        required: ['name'],
      },
    });
    expect(schema.required).to.deep.equal(['age', 'email', 'nickname']);
    expect(notes).to.equal(
      'test/fixtures/dto-constraints.handlers.ts:21:3 - note ARM_NOTE_DTO_CONSTRAINT: SignupDto.nickname: @IsNotEmpty has no JSON Schema equivalent; it is not in the schema (class-validator checks it at call time).',
    );
  });

  it('accepts what both accept, and refuses by the schema what the decorators refuse', async () => {
    expect(
      await callToolText(server.client, 'signup', { email: 'ada@example.com', age: 36, nickname: 'ada', pet: { name: 'Rex' } }),
    ).to.equal('ada <ada@example.com>');
    for (const [args, field] of [
      [{ email: 'not-an-email', age: 36, nickname: 'ada' }, 'email'],
      [{ email: 'ada@example.com', age: 12, nickname: 'ada' }, 'age'],
      [{ email: 'ada@example.com', age: 36.5, nickname: 'ada' }, 'age'],
      [{ email: 'ada@example.com', age: 36, nickname: 'a' }, 'nickname'],
      [{ email: 'ada@example.com', age: 36, nickname: 'ada', pet: { name: '' } }, 'pet.name'],
    ] as const) {
      const result = await callToolResult(server.client, 'signup', args);
      expect(result.isError, JSON.stringify(args)).to.equal(true);
      expect(JSON.stringify(result.content)).to.include(`- ${field}:`);
    }
    // The schema answers first, in its own words (class-validator would say "email must be an email").
    const refused = await callToolResult(server.client, 'signup', { email: 'nope', age: 36, nickname: 'ada' });
    expect(JSON.stringify(refused.content)).to.include('- email: must be a valid email').and.not.include('must be an email');
  });
});
