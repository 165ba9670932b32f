import 'reflect-metadata';
import { expect } from 'chai';
import { IsEmail, Min } from 'class-validator';
import { Injectable, Module } from '@armature/di';
import { Armature } from '../../src/app/armature.app';
import { RequestContext } from '../../src/context/request-context';
import { Tool } from '../../src/decorators/tool.decorator';
import { image, text } from '../../src/results/content.helpers';
import { ToolError } from '../../src/results/tool-error';
import { ToolResult } from '../../src/results/tool-result';
import { arg, builtManifest, ctx, manifestFor } from './support/manifest-builder';
import { connectClient, RecordingLogger, type AppConnection } from './support/app-client';

@Injectable()
class Greeter {
  greet(name: string): string {
    return `Hello, ${name}!`;
  }
}

class SignupDto {
  @IsEmail() email!: string;
  @Min(18) age!: number;
  describe(): string {
    return `${this.email} (${this.age})`;
  }
}

@Injectable()
class ToolHandlers {
  constructor(private readonly greeter: Greeter) {}

  @Tool({ title: 'Greet', annotations: { readOnlyHint: true }, icons: [{ src: 'https://example.com/g.png' }] })
  greet(name: string, times = 1, ctx?: RequestContext): string {
    return `${this.greeter.greet(name).repeat(times)} (${ctx?.method})`;
  }

  @Tool()
  note(title: string, tags: string[]): { title: string; tags: string[] } {
    return { title, tags };
  }

  @Tool()
  numbers(): number[] {
    return [1, 2, 3];
  }

  @Tool()
  lies(): unknown {
    return { id: 42 };
  }

  @Tool()
  refuse(): never {
    throw new ToolError('No note with id "x". Call search first.');
  }

  @Tool()
  crash(): never {
    throw new Error('secret at /srv/app/db.ts:12');
  }

  @Tool()
  throwsString(): never {
    // eslint-disable-next-line no-throw-literal
    throw 'raw string with /etc/passwd';
  }

  @Tool()
  async rejects(): Promise<never> {
    await Promise.resolve();
    throw new TypeError('boom');
  }

  @Tool()
  picture(): unknown {
    return [text('a picture'), image(Buffer.from([1, 2, 3]), 'image/png')];
  }

  @Tool()
  custom(): ToolResult {
    return ToolResult({ content: [text('partial')], structuredContent: { done: false }, isError: true });
  }

  @Tool()
  signup(dto: SignupDto): string {
    return dto instanceof SignupDto ? `ok ${dto.describe()}` : 'not an instance';
  }

  @Tool({
    name: 'explicit.schema',
    inputSchema: { type: 'object', properties: { n: { type: 'integer', default: 5 } }, additionalProperties: false },
  })
  explicit(args: { n: number }, context: RequestContext): string {
    return `n=${args.n} ${context instanceof RequestContext}`;
  }

  @Tool()
  inherited(toString?: string): string {
    return typeof toString;
  }

  @Tool()
  noArgs(): string {
    return 'none';
  }
}

const NOTE_SCHEMA = {
  type: 'object',
  properties: { title: { type: 'string', minLength: 1 }, tags: { type: 'array', items: { type: 'string' } } },
  required: ['title', 'tags'],
  additionalProperties: false,
};

// The form `armature build` writes (each distinct schema once, referred to by index).
const manifest = builtManifest(
  manifestFor({
    ToolHandlers: {
      greet: {
        kind: 'tool',
        description: 'Greet someone.',
        params: [arg(0, 'name'), arg(1, 'times', false, { default: 1 }), ctx(2)],
        inputSchema: {
          type: 'object',
          properties: { name: { type: 'string', description: 'Who' }, times: { type: 'integer', minimum: 1, default: 1 } },
          required: ['name'],
          additionalProperties: false,
        },
      },
      note: {
        kind: 'tool',
        params: [arg(0, 'title'), arg(1, 'tags')],
        inputSchema: NOTE_SCHEMA,
        outputSchema: NOTE_SCHEMA,
      },
      numbers: {
        kind: 'tool',
        params: [],
        outputSchema: { type: 'object', properties: { result: { type: 'array', items: { type: 'number' } } }, required: ['result'] },
        outputWrapped: true,
      },
      lies: { kind: 'tool', params: [], outputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } },
      inherited: {
        kind: 'tool',
        params: [arg(0, 'toString', false)],
        inputSchema: { type: 'object', properties: { toString: { type: 'string' } } },
      },
      signup: {
        kind: 'tool',
        argumentStyle: 'dto',
        params: [{ index: 0, name: 'dto', role: 'dto' }],
        inputSchema: { type: 'object', properties: { email: { type: 'string' }, age: { type: 'number' } }, required: ['email', 'age'] },
      },
    },
  }),
);

@Module({ providers: [Greeter], handlers: [ToolHandlers] })
class ToolsModule {}

describe('app: tools through the official SDK client', () => {
  let app: Armature;
  let conn: AppConnection;
  const logger = new RecordingLogger();

  before(async () => {
    app = await Armature.create(ToolsModule, { name: 'tools-test', version: '1.0.0', manifest, logger });
    conn = await connectClient(app);
  });
  after(async () => {
    await conn.close();
    await app.close();
  });

  it('lists tools with the manifest schemas and every decorator option', async () => {
    const { tools } = await conn.client.listTools();
    const greet = tools.find((t) => t.name === 'greet');
    expect(greet).to.deep.include({ title: 'Greet', description: 'Greet someone.', annotations: { readOnlyHint: true } });
    expect(greet?.icons).to.deep.equal([{ src: 'https://example.com/g.png' }]);
    expect(greet?.inputSchema.required).to.deep.equal(['name']);
    expect(tools.find((t) => t.name === 'noArgs')?.inputSchema).to.deep.equal({ type: 'object', additionalProperties: false });
    expect(tools.find((t) => t.name === 'note')?.outputSchema).to.deep.equal(NOTE_SCHEMA);
    expect(tools.map((t) => t.name)).to.include('explicit.schema');
  });

  it('maps arguments to positional parameters, applies defaults and injects the context', async () => {
    const result = await conn.client.callTool({ name: 'greet', arguments: { name: 'Ada' } });
    expect(result).to.deep.equal({ content: [{ type: 'text', text: 'Hello, Ada! (tools/call)' }] });
    const twice = await conn.client.callTool({ name: 'greet', arguments: { name: 'Bo', times: 2 } });
    expect((twice.content as { text: string }[])[0]?.text).to.equal('Hello, Bo!Hello, Bo! (tools/call)');
  });

  it('answers invalid arguments with isError naming every failing field', async () => {
    const result = await conn.client.callTool({ name: 'greet', arguments: { times: 'x', extra: 1 } });
    expect(result.isError).to.equal(true);
    const message = (result.content as { text: string }[])[0]?.text ?? '';
    expect(message).to.include('name: is required');
    expect(message).to.include('times: must be an integer (got string)');
    expect(message).to.include('extra: is not an accepted argument');
  });

  it('does not take inherited names such as "toString" for arguments the caller did not send', async () => {
    const result = await conn.client.callTool({ name: 'inherited', arguments: {} });
    expect((result.content as { text: string }[])[0]?.text).to.equal('undefined');
  });

  it('gives an explicit-schema handler the whole validated arguments object, defaults applied', async () => {
    const result = await conn.client.callTool({ name: 'explicit.schema', arguments: {} });
    expect((result.content as { text: string }[])[0]?.text).to.equal('n=5 true');
  });

  it('returns objects as structuredContent plus JSON text, validated against outputSchema', async () => {
    const result = await conn.client.callTool({ name: 'note', arguments: { title: 't', tags: ['a'] } });
    expect(result.structuredContent).to.deep.equal({ title: 't', tags: ['a'] });
    expect(result.content).to.deep.equal([{ type: 'text', text: '{"title":"t","tags":["a"]}' }]);
  });

  it('wraps arrays as { result } when the manifest says outputWrapped', async () => {
    const result = await conn.client.callTool({ name: 'numbers', arguments: {} });
    expect(result.structuredContent).to.deep.equal({ result: [1, 2, 3] });
  });

  it('answers -32603 and logs when a result violates the output schema', async () => {
    const before = logger.errors.length;
    const error = await conn.client.callTool({ name: 'lies', arguments: {} }).then(
      () => undefined,
      (e: unknown) => e as { code: number; message: string },
    );
    expect(error?.code).to.equal(-32603);
    expect(error?.message).to.not.include('id');
    expect(
      logger.errors
        .slice(before)
        .map((e) => e.message)
        .join(),
    ).to.match(/lies.*outputSchema.*id: must be a string/);
  });

  it("turns ToolError into isError with the author's message", async () => {
    const result = await conn.client.callTool({ name: 'refuse', arguments: {} });
    expect(result).to.deep.equal({ content: [{ type: 'text', text: 'No note with id "x". Call search first.' }], isError: true });
  });

  for (const name of ['crash', 'throwsString', 'rejects']) {
    it(`answers an unexpected throw (${name}) with a generic isError and logs it`, async () => {
      const before = logger.errors.length;
      const result = await conn.client.callTool({ name, arguments: {} });
      expect(result.isError).to.equal(true);
      const message = (result.content as { text: string }[])[0]?.text ?? '';
      expect(message).to.include(`Tool "${name}" failed`);
      expect(message).to.not.match(/secret|passwd|boom|\/srv|\.ts/);
      expect(logger.errors.length).to.equal(before + 1);
    });
  }

  it('passes content helpers and ToolResult through', async () => {
    const picture = await conn.client.callTool({ name: 'picture', arguments: {} });
    expect(picture.content).to.deep.equal([
      { type: 'text', text: 'a picture' },
      { type: 'image', data: 'AQID', mimeType: 'image/png' },
    ]);
    const custom = await conn.client.callTool({ name: 'custom', arguments: {} });
    expect(custom).to.deep.equal({ content: [{ type: 'text', text: 'partial' }], structuredContent: { done: false }, isError: true });
  });

  it('turns DTO arguments into a class instance checked by class-validator', async () => {
    const ok = await conn.client.callTool({ name: 'signup', arguments: { email: 'a@b.co', age: 30 } });
    expect((ok.content as { text: string }[])[0]?.text).to.equal('ok a@b.co (30)');
    const bad = await conn.client.callTool({ name: 'signup', arguments: { email: 'nope', age: 3 } });
    expect(bad.isError).to.equal(true);
    const message = (bad.content as { text: string }[])[0]?.text ?? '';
    expect(message).to.match(/email: .*email/);
    expect(message).to.match(/age: .*18/);
  });

  it('answers an unknown tool with -32602', async () => {
    const error = await conn.client.callTool({ name: 'nope', arguments: {} }).then(
      () => undefined,
      (e: unknown) => e as { code: number },
    );
    expect(error?.code).to.equal(-32602);
    const proto = await conn.client.callTool({ name: '__proto__', arguments: {} }).then(
      () => undefined,
      (e: unknown) => e as { code: number },
    );
    expect(proto?.code).to.equal(-32602);
  });

  it('accepts tools/call without arguments for a tool without parameters', async () => {
    const result = await conn.client.callTool({ name: 'noArgs' });
    expect(result.content).to.deep.equal([{ type: 'text', text: 'none' }]);
  });
});
