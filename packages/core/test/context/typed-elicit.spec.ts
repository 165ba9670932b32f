import { expect } from 'chai';
import { Module } from '@armature/di';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Armature } from '../../src/app/armature.app';
import { RequestContext } from '../../src/context/request-context';
import { Tool } from '../../src/decorators/tool.decorator';
import { EngineErrorCode } from '../../src/errors/engine-error-codes';
import { type AppConnection, connectClient } from '../app/support/app-client';

const OBJECT = { type: 'object' as const };

class FormTools {
  @Tool({ inputSchema: OBJECT })
  async built(_args: object, ctx: RequestContext): Promise<string> {
    const answer = await ctx.elicit<{ size: 'S' | 'M'; count?: number }>('Which?', { key: 'pick' });
    return answer.action === 'accept' ? `${answer.content.size}x${answer.content.count ?? 1}` : answer.action;
  }

  @Tool({ inputSchema: OBJECT })
  async unbuilt(_args: object, ctx: RequestContext): Promise<string> {
    const answer = await ctx.elicit<{ ok: boolean }>('Sure?', { key: 'not_in_the_manifest' });
    return answer.action;
  }
}

@Module({ handlers: [FormTools] })
class FormModule {}

const PICK = {
  type: 'object',
  properties: { size: { type: 'string', enum: ['M', 'S'] }, count: { type: 'integer', minimum: 1 } },
  required: ['size'],
};

describe('typed elicitation at run time (SDK v1 client, 2025-11-25)', () => {
  let app: Armature;
  let conn: AppConnection | undefined;
  const logged: unknown[] = [];
  let answer: object = { action: 'decline' };
  const asked: unknown[] = [];

  beforeEach(async () => {
    logged.length = 0;
    asked.length = 0;
    app = await Armature.create(FormModule, {
      name: 'forms',
      version: '1.0.0',
      manifest: { armature: 1, handlers: {}, elicitForms: { pick: { source: 'forms.ts:1:1', schema: PICK } } },
      logger: { error: (_message, error) => void logged.push(error), warn: () => undefined, debug: () => undefined },
    });
    conn = await connectClient(app, {
      capabilities: { elicitation: {} },
      configure: (client) =>
        client.setRequestHandler(ElicitRequestSchema, (request) => {
          asked.push(request.params);
          return answer as { action: 'decline' };
        }),
    });
  });

  afterEach(async () => {
    await conn?.close();
    await app.close();
  });

  const call = async (name: string): Promise<{ content: unknown; isError?: boolean }> =>
    (await conn!.client.callTool({ name, arguments: {} })) as { content: unknown; isError?: boolean };

  it('sends the form under its key, returns accepted content typed, and passes decline through', async () => {
    answer = { action: 'accept', content: { size: 'M', count: 3 } };
    expect((await call('built')).content).to.deep.equal([{ type: 'text', text: 'Mx3' }]);
    answer = { action: 'decline' };
    expect((await call('built')).content).to.deep.equal([{ type: 'text', text: 'decline' }]);
    expect(asked).to.deep.equal([
      { mode: 'form', message: 'Which?', requestedSchema: PICK },
      { mode: 'form', message: 'Which?', requestedSchema: PICK },
    ]);
  });

  it('refuses content outside the form: a field it lacks, a value outside its limits', async () => {
    answer = { action: 'accept', content: { size: 'L', count: 0, extra: 'x' } };
    const result = await call('built');
    expect(result.isError).to.equal(true);
    const text = (result.content as { text: string }[])[0]?.text ?? '';
    expect(text).to.match(/^The answer to the form "pick" does not match it: /);
    expect(text).to.include('size').and.include('count').and.include('extra');
  });

  it('a key with no form in the manifest fails the call as a server bug (logged with its code), asking nothing', async () => {
    answer = { action: 'accept', content: { ok: true } };
    const result = await call('unbuilt');
    expect(result.isError).to.equal(true);
    expect(logged.map((e) => (e as { code?: unknown }).code)).to.deep.equal([EngineErrorCode.ELICIT_FORM_MISSING]);
    expect((logged[0] as Error).message).to.include('armature build');
    expect(asked).to.deep.equal([]);
  });
});
