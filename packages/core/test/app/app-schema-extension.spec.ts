import 'reflect-metadata';
import { expect } from 'chai';
import { ArmatureError, Module } from '@armature/di';
import { Armature } from '../../src/app/armature.app';
import type { ArmatureOptions } from '../../src/app/armature-options';
import { Tool } from '../../src/decorators/tool.decorator';
import type { InlineManifest, ManifestMethod } from '../../src/manifest/manifest.types';
import type { JsonSchema } from '../../src/metadata/handler-metadata.types';
import { arg, manifestFor } from './support/manifest-builder';
import { connectClient, RecordingLogger } from './support/app-client';

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** What `armature build` generates for `contact(name?, address?: unknown, contactMethod?, phone?, email?)`. */
const CONTACT_SCHEMA = {
  $schema: DIALECT,
  type: 'object',
  properties: {
    name: { type: 'string', description: 'A name.' },
    address: { description: 'An address.' },
    contactMethod: { type: 'string' },
    phone: { type: 'string' },
    email: { type: 'string' },
  },
  additionalProperties: false,
};

const CONTACT_ENTRY: ManifestMethod = {
  kind: 'tool',
  params: [arg(0, 'name', false), arg(1, 'address', false), arg(2, 'contactMethod', false), arg(3, 'phone', false), arg(4, 'email', false)],
  inputSchema: CONTACT_SCHEMA,
};

/** The conformance suite's json-schema-2020-12 input schema. */
const CONFORMANCE_SCHEMA = {
  $schema: DIALECT,
  type: 'object',
  $defs: { address: { $anchor: 'addressDef', type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } } },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
    contactMethod: { type: 'string', enum: ['phone', 'email'] },
    phone: { type: 'string' },
    email: { type: 'string' },
  },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
  then: { required: ['phone'] },
  else: { required: ['email'] },
  additionalProperties: false,
};

const EXTENSION = {
  $defs: { address: { $anchor: 'addressDef', type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } } },
  properties: { address: { $ref: '#/$defs/address' }, contactMethod: { enum: ['phone', 'email'] } },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
  then: { required: ['phone'] },
  else: { required: ['email'] },
} as const;

class Contacts {
  @Tool({ name: 'json_schema_2020_12_tool', extendInputSchema: EXTENSION })
  contact(name?: string, address?: unknown, contactMethod?: string, phone?: string, email?: string): string {
    return JSON.stringify({ name, address, contactMethod, phone, email });
  }
}

async function create(handlers: (new () => object)[], manifest: InlineManifest, options: Partial<ArmatureOptions> = {}): Promise<Armature> {
  @Module({ handlers })
  class Root {}
  return Armature.create(Root, { name: 'x', version: '1', logger: new RecordingLogger(), manifest, ...options });
}

async function bootError(handlers: (new () => object)[], manifest: InlineManifest): Promise<ArmatureError> {
  const error = await create(handlers, manifest).then(
    async (app) => {
      await app.close();
      return undefined;
    },
    (e: unknown) => e,
  );
  expect(error).to.be.instanceOf(ArmatureError);
  return error as ArmatureError;
}

/** A schema without its annotations (descriptions), for comparing with the suite's. */
function withoutDescriptions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDescriptions);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'description')
      .map(([key, inner]) => [key, withoutDescriptions(inner)]),
  );
}

describe('app: @Tool({ extendInputSchema })', () => {
  it("advertises the generated schema merged with the extension: the conformance suite's schema", async () => {
    const app = await create([Contacts], manifestFor({ Contacts: { contact: CONTACT_ENTRY } }));
    try {
      const [tool] = app.tools.list();
      expect(withoutDescriptions(tool?.inputSchema)).to.deep.equal(CONFORMANCE_SCHEMA);
      // The extended schema is listed as it is over the wire too.
      const conn = await connectClient(app);
      const { tools } = await conn.client.listTools();
      expect(withoutDescriptions(tools[0]?.inputSchema)).to.deep.equal(CONFORMANCE_SCHEMA);
      await conn.close();
    } finally {
      await app.close();
    }
  });

  it('validates calls against the merged schema: if/then/else, allOf/anyOf and the $anchor-ed definition', async () => {
    const app = await create([Contacts], manifestFor({ Contacts: { contact: CONTACT_ENTRY } }));
    const conn = await connectClient(app);
    try {
      const call = (args: Record<string, unknown>) => conn.client.callTool({ name: 'json_schema_2020_12_tool', arguments: args });
      expect((await call({ contactMethod: 'phone', phone: '555' })).isError).to.not.equal(true);
      expect((await call({ contactMethod: 'email', email: 'a@b.c', address: { city: 'Paris' } })).isError).to.not.equal(true);
      const noPhone = await call({ contactMethod: 'phone', email: 'a@b.c' });
      expect(noPhone.isError).to.equal(true);
      expect(JSON.stringify(noPhone.content)).to.include('phone');
      expect((await call({ name: 'x' })).isError, 'neither phone nor email').to.equal(true);
      expect((await call({ contactMethod: 'fax', phone: '1' })).isError, 'enum').to.equal(true);
      expect((await call({ phone: '1', address: { city: 3 } })).isError, '$defs.address').to.equal(true);
    } finally {
      await conn.close();
      await app.close();
    }
  });

  it('refuses an extension that changes a generated value: ARM_ERR_SCHEMA_EXTENSION naming class, method, tool and JSON Pointer', async () => {
    class Clash {
      @Tool({
        extendInputSchema: { properties: { phone: { type: 'integer' }, name: { description: 'Other.' } }, additionalProperties: true },
      })
      contact(name?: string, address?: unknown, contactMethod?: string, phone?: string, email?: string): string {
        return String(name ?? address ?? contactMethod ?? phone ?? email);
      }
    }
    const error = await bootError([Clash], manifestFor({ Clash: { contact: CONTACT_ENTRY } }));
    expect(error.code).to.equal('ARM_ERR_SCHEMA_EXTENSION');
    expect(error.message).to.equal(
      'Clash.contact (tool "contact"): extendInputSchema cannot be merged into the input schema, ' +
        'at /properties/phone/type: changes the type: the input schema has "string", the extension "integer"; an extension adds keywords, it cannot change a value; ' +
        'at /properties/name/description: conflicts with the generated value: the input schema has "A name.", the extension "Other."; an extension adds keywords, it cannot change a value; ' +
        'at /additionalProperties: conflicts with the generated value: the input schema has false, the extension true; an extension adds keywords, it cannot change a value.',
    );
  });

  it('refuses an extension that is not a JSON object', async () => {
    class NotObject {
      @Tool({ extendInputSchema: ['x'] as unknown as JsonSchema }) a(): void {}
    }
    const error = await bootError([NotObject], manifestFor({}));
    expect(error.code).to.equal('ARM_ERR_SCHEMA_EXTENSION');
    expect(error.message).to.equal(
      'NotObject.a (tool "a"): extendInputSchema cannot be merged into the input schema, at the root of the input schema: the extension must be a JSON Schema object, got an array.',
    );
  });

  it('refuses a merged schema ajv cannot compile: ARM_ERR_INVALID_SCHEMA, saying the extension was applied', async () => {
    class Dangling {
      @Tool({ extendInputSchema: { properties: { address: { $ref: '#/$defs/nowhere' } } } })
      contact(name?: string, address?: unknown, contactMethod?: string, phone?: string, email?: string): string {
        return String(name ?? address ?? contactMethod ?? phone ?? email);
      }
    }
    const error = await bootError([Dangling], manifestFor({ Dangling: { contact: CONTACT_ENTRY } }));
    expect(error.code).to.equal('ARM_ERR_INVALID_SCHEMA');
    expect(error.message).to.match(
      /^Dangling\.contact input schema \(extended by its extendInputSchema\/headers options\): the schema does not compile: can't resolve reference #\/\$defs\/nowhere/,
    );
  });

  it('extends a tool without parameters, an explicit inputSchema, and a registered definition alike', async () => {
    class Explicit {
      @Tool({ extendInputSchema: { description: 'No arguments at all.' } }) none(): string {
        return 'none';
      }
      @Tool({ inputSchema: { type: 'object', properties: { a: { type: 'integer' } } }, extendInputSchema: { required: ['a'] } })
      explicit(args: { a: number }): number {
        return args.a;
      }
    }
    const app = await create([Explicit], manifestFor({}));
    // Numbers cannot be headers: the registration is refused as a whole.
    expect(() =>
      app.tools.register({
        name: 'sum',
        inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } },
        headers: { a: 'A' },
        handler: (args) => Number(args.a) + Number(args.b),
      }),
    )
      .to.throw(ArmatureError, 'tool "sum" (registered definition): parameter "a" cannot be a header')
      .with.property('code', 'ARM_ERR_HEADER_PARAMETER');
    app.tools.register({
      name: 'sum',
      inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } },
      extendInputSchema: { required: ['a', 'b'], additionalProperties: false },
      handler: (args) => Number(args.a) + Number(args.b),
    });
    try {
      const byName = Object.fromEntries(app.tools.list().map((t) => [t.name, t.inputSchema]));
      expect(byName.none).to.deep.equal({ type: 'object', additionalProperties: false, description: 'No arguments at all.' });
      expect(byName.explicit).to.deep.equal({ type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] });
      expect(byName.sum).to.deep.equal({
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
        additionalProperties: false,
      });
      const conn = await connectClient(app);
      expect((await conn.client.callTool({ name: 'explicit', arguments: {} })).isError).to.equal(true);
      expect((await conn.client.callTool({ name: 'sum', arguments: { a: 1 } })).isError).to.equal(true);
      expect((await conn.client.callTool({ name: 'sum', arguments: { a: 1, b: 2 } })).content).to.deep.equal([{ type: 'text', text: '3' }]);
      await conn.close();
    } finally {
      await app.close();
    }
  });
});

describe('app: @Tool({ headers })', () => {
  const REGION_ENTRY: ManifestMethod = {
    kind: 'tool',
    params: [arg(0, 'region'), arg(1, 'priority', false), arg(2, 'verbose', false), arg(3, 'score', false), arg(4, 'filter', false)],
    inputSchema: {
      $schema: DIALECT,
      type: 'object',
      properties: {
        region: { type: 'string' },
        priority: { type: 'integer' },
        verbose: { type: 'boolean' },
        score: { type: 'number' },
        filter: { type: 'object', properties: {}, additionalProperties: false },
      },
      required: ['region'],
      additionalProperties: false,
    },
  };

  function headerTool(headers: Record<string, string>, extendInputSchema?: JsonSchema): new () => object {
    class Headers {
      @Tool({ name: 'test_custom_headers', headers, ...(extendInputSchema ? { extendInputSchema } : {}) })
      custom(region: string, priority?: number, verbose?: boolean, score?: number, filter?: object): string {
        return JSON.stringify({ region, priority, verbose, score, filter });
      }
    }
    return Headers;
  }

  it('marks the parameters x-mcp-header in the advertised input schema, where the HTTP transport reads them', async () => {
    const Headers = headerTool({ region: 'Region', priority: 'Priority', verbose: 'Verbose' });
    const app = await create([Headers], manifestFor({ Headers: { custom: REGION_ENTRY } }));
    try {
      const [tool] = app.tools.list();
      const properties = tool?.inputSchema.properties as Record<string, Record<string, unknown>>;
      expect(properties.region).to.deep.equal({ type: 'string', 'x-mcp-header': 'Region' });
      expect(properties.priority).to.deep.equal({ type: 'integer', 'x-mcp-header': 'Priority' });
      expect(properties.verbose).to.deep.equal({ type: 'boolean', 'x-mcp-header': 'Verbose' });
      expect(properties.score).to.deep.equal({ type: 'number' });
      const conn = await connectClient(app);
      const result = await conn.client.callTool({ name: 'test_custom_headers', arguments: { region: 'us-west1', priority: 2 } });
      expect(result.content).to.deep.equal([{ type: 'text', text: '{"region":"us-west1","priority":2}' }]);
      await conn.close();
    } finally {
      await app.close();
    }
  });

  const cases: [string, Record<string, string>, string][] = [
    [
      'a parameter that does not exist',
      { zone: 'Zone' },
      'parameter "zone" cannot be a header: the input schema has no parameter "zone" (its parameters: region, priority, verbose, score, filter)',
    ],
    [
      'a number parameter',
      { score: 'Score' },
      'parameter "score" cannot be a header: only string, integer and boolean parameters can be headers, and its type is "number"',
    ],
    [
      'an object parameter',
      { filter: 'Filter' },
      'parameter "filter" cannot be a header: only string, integer and boolean parameters can be headers, and its type is "object"',
    ],
    ['a header name with a space', { region: 'My Region' }, 'parameter "region" cannot be a header: "My Region" is not a header name'],
    [
      'a header name with a colon',
      { region: 'Region:Primary' },
      'parameter "region" cannot be a header: "Region:Primary" is not a header name',
    ],
    [
      'two parameters with one header name, ignoring case',
      { region: 'Region', priority: 'REGION' },
      'parameter "priority" cannot be a header: the header name "REGION" is already used by parameter "region"',
    ],
  ];
  for (const [what, headers, message] of cases) {
    it(`refuses ${what}: ARM_ERR_HEADER_PARAMETER naming tool and parameter`, async () => {
      const error = await bootError([headerTool(headers)], manifestFor({ Headers: { custom: REGION_ENTRY } }));
      expect(error.code).to.equal('ARM_ERR_HEADER_PARAMETER');
      expect(error.message).to.include(`Headers.custom (tool "test_custom_headers"): ${message}`);
    });
  }

  it('checks x-mcp-header written in an extension or an explicit inputSchema by the same rules', async () => {
    const viaExtension = headerTool({}, { properties: { score: { 'x-mcp-header': 'Score' } } });
    const error = await bootError([viaExtension], manifestFor({ Headers: { custom: REGION_ENTRY } }));
    expect(error.code).to.equal('ARM_ERR_HEADER_PARAMETER');
    expect(error.message).to.include('parameter "score" cannot be a header');
    class Explicit {
      @Tool({
        inputSchema: {
          type: 'object',
          properties: { a: { type: 'string', 'x-mcp-header': 'A' }, b: { type: 'string', 'x-mcp-header': 'a' } },
        },
      })
      both(args: object): string {
        return JSON.stringify(args);
      }
    }
    const explicit = await bootError([Explicit], manifestFor({}));
    expect(explicit.code).to.equal('ARM_ERR_HEADER_PARAMETER');
    expect(explicit.message).to.include(
      'Explicit.both (tool "both"): parameter "b" cannot be a header: the header name "a" is already used by parameter "a"',
    );
  });

  it('applies headers to properties the extension adds', async () => {
    class Added {
      @Tool({
        inputSchema: { type: 'object' },
        extendInputSchema: { properties: { tenant: { type: 'string' } } },
        headers: { tenant: 'Tenant' },
      })
      added(args: object): string {
        return JSON.stringify(args);
      }
    }
    const app = await create([Added], manifestFor({}));
    try {
      expect(app.tools.list()[0]?.inputSchema).to.deep.equal({
        type: 'object',
        properties: { tenant: { type: 'string', 'x-mcp-header': 'Tenant' } },
      });
    } finally {
      await app.close();
    }
  });
});
