import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scanSources } from '@armature/schema';
import { createTestServer, type TestServer } from '../src';
import { SpecialNamesModule } from './fixtures/special-names.handlers';

/** The fixture's TypeScript source (the compiled test runs from dist/test). */
const FIXTURE = join(__dirname, '..', '..', 'test', 'fixtures', 'special-names.handlers.ts');

type Json = Record<string, unknown>;

/** A value of each name's type, one of a wrong type, as the fixture declares them. */
const NAMES = {
  // A computed key: a literal `__proto__:` would set the object's prototype.
  ['__proto__']: { good: 'proto', bad: 1 },
  constructor: { good: 7, bad: 'seven' },
  prototype: { good: true, bad: 'yes' },
  toString: { good: 'text', bad: false },
} as const;

type Name = keyof typeof NAMES;
const names = Object.keys(NAMES) as Name[];

/** An object with every name as an own key, with each good value except `override`. */
function argumentsWith(override?: { name: Name; value: unknown } | { name: Name; missing: true }): Json {
  const text = names
    .filter((name) => !(override && 'missing' in override && override.name === name))
    .map(
      (name) =>
        `${JSON.stringify(name)}:${JSON.stringify(override && 'value' in override && override.name === name ? override.value : NAMES[name].good)}`,
    )
    .join(',');
  // JSON.parse makes `__proto__` an own key, as a transport does.
  return JSON.parse(`{${text}}`) as Json;
}

/** A result schema that takes the message as it came. */
const AS_SENT = { safeParse: (data: unknown) => ({ success: true, data }) } as unknown as Parameters<TestServer['client']['request']>[1];

const own = (object: unknown, key: string): boolean =>
  typeof object === 'object' && object !== null && Object.prototype.hasOwnProperty.call(object, key);

describe('special property names end to end (armature build scan → tools/list → tools/call)', () => {
  let server: TestServer;
  let tools: Json[];

  before(async function () {
    this.timeout(60_000);
    const scan = scanSources(
      { 'test/fixtures/special-names.handlers.ts': readFileSync(FIXTURE, 'utf8') },
      { baseDir: join(__dirname, '..', '..') },
    );
    expect(scan.problems).to.deep.equal([]);
    server = await createTestServer(SpecialNamesModule, { manifest: scan.manifest });
    // Read as sent: the SDK client's own result schema (zod 4's record check) refuses a
    // `properties` map with a key named "constructor", so `client.listTools()` cannot be used.
    const listed = (await server.client.request({ method: 'tools/list', params: {} }, AS_SENT)) as unknown as { tools: Json[] };
    tools = listed.tools;
  });

  /** tools/call, its result read as sent (the SDK's result schema refuses a "constructor" key in structuredContent too). */
  const callToolResult = async (name: string, args: Json): Promise<Json> =>
    (await server.client.request({ method: 'tools/call', params: { name, arguments: args } }, AS_SENT)) as unknown as Json;
  const callTool = async <T>(name: string, args: Json): Promise<T> => {
    const result = await callToolResult(name, args);
    expect(result.isError, JSON.stringify(result.content)).to.not.equal(true);
    return result.structuredContent as T;
  };

  after(() => server.close());

  const tool = (name: string): Json => {
    const found = tools.find((t) => t.name === name);
    expect(found, name).to.not.equal(undefined);
    return found as Json;
  };

  for (const name of names) {
    describe(`"${name}"`, () => {
      it('is listed by tools/list in the input and the output schema, and required', () => {
        const input = (tool('echoNames').inputSchema as Json).properties as Json;
        const names = input.names as Json;
        expect(own(names.properties, name), 'input property').to.equal(true);
        expect(names.required).to.include(name);
        const output = tool('echoNames').outputSchema as Json;
        expect(own(output.properties, name), 'output property').to.equal(true);
        expect(output.required).to.include(name);
        const dto = tool('namesDto').inputSchema as Json;
        expect(own(dto.properties, name), 'DTO property').to.equal(true);
        expect(dto.required).to.include(name);
      });

      it('is accepted with its type and reaches the handler as an own key (and comes back in the result)', async () => {
        const echoed = await callTool<Json>('echoNames', { names: argumentsWith() });
        expect(own(echoed, name), 'echoed').to.equal(true);
        expect(echoed[name]).to.equal(NAMES[name].good);
        const listed = await callTool<{ keys: string[] }>('namesOf', { names: argumentsWith() });
        expect(listed.keys).to.include(name);
        expect(await callToolResult('namesDto', argumentsWith())).to.not.have.property('isError');
      });

      it('is refused with a value of another type, naming the property', async () => {
        for (const [toolName, args] of [
          ['echoNames', { names: argumentsWith({ name, value: NAMES[name].bad }) }],
          ['namesOf', { names: JSON.parse(`{${JSON.stringify(name)}:${JSON.stringify(NAMES[name].bad)}}`) }],
          ['namesDto', argumentsWith({ name, value: NAMES[name].bad })],
        ] as const) {
          const result = await callToolResult(toolName, args);
          expect(result.isError, `${toolName} ${JSON.stringify(args)}`).to.equal(true);
          expect(JSON.stringify(result.content)).to.include(name);
        }
      });

      it('is refused when missing (required), and not taken from Object.prototype', async () => {
        for (const [toolName, args] of [
          ['echoNames', { names: argumentsWith({ name, missing: true }) }],
          ['namesDto', argumentsWith({ name, missing: true })],
        ] as const) {
          const result = await callToolResult(toolName, args);
          expect(result.isError, `${toolName} without ${name}`).to.equal(true);
          expect(JSON.stringify(result.content)).to.include(name);
        }
        const listed = await callTool<{ keys: string[] }>('namesOf', { names: {} });
        expect(listed.keys).to.deep.equal([]);
      });
    });
  }
});
