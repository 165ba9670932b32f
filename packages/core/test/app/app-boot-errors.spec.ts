import 'reflect-metadata';
import { expect } from 'chai';
import { ArmatureError, Module } from '@armature/di';
import { Armature } from '../../src/app/armature.app';
import type { ArmatureOptions } from '../../src/app/armature-options';
import { RequestContext } from '../../src/context/request-context';
import { Prompt } from '../../src/decorators/prompt.decorator';
import { ResourceTemplate } from '../../src/decorators/resource-template.decorator';
import { Resource } from '../../src/decorators/resource.decorator';
import { Tool } from '../../src/decorators/tool.decorator';
import type { ArmatureManifest } from '../../src/manifest/manifest.types';
import { arg, manifestFor } from './support/manifest-builder';
import { RecordingLogger } from './support/app-client';

async function bootError(handlers: (new () => object)[], options: Partial<ArmatureOptions> = {}): Promise<ArmatureError> {
  @Module({ handlers })
  class Root {}
  const error = await Armature.create(Root, { name: 'x', version: '1', logger: new RecordingLogger(), ...options }).then(
    async (app) => {
      await app.close();
      return undefined;
    },
    (e: unknown) => e,
  );
  expect(error).to.be.instanceOf(ArmatureError);
  return error as ArmatureError;
}

describe('app: boot errors', () => {
  it('ARM_ERR_SCHEMA_MISSING names class and method and says to run armature build', async () => {
    class Missing {
      @Tool() create(title: string): string {
        return title;
      }
    }
    const error = await bootError([Missing]);
    expect(error.code).to.equal('ARM_ERR_SCHEMA_MISSING');
    expect(error.message).to.include('Missing.create');
    expect(error.message).to.include('armature build');
  });

  it('needs no manifest for methods whose only parameter is the RequestContext', async () => {
    class OnlyContext {
      @Tool() ping(ctx: RequestContext): string {
        return ctx.method;
      }
    }
    @Module({ handlers: [OnlyContext] })
    class Root {}
    const app = await Armature.create(Root, { name: 'x', version: '1' });
    expect(app.tools.list().map((t) => t.name)).to.deep.equal(['ping']);
    await app.close();
  });

  it('reports every problem at once, each with its code', async () => {
    class Many {
      @Tool({ name: 'bad name!' }) a(): void {}
      @Tool({ name: 'x'.repeat(129) }) b(): void {}
      @Tool({ name: '' }) c(): void {}
      @Prompt() p(q: string): string {
        return q;
      }
    }
    const error = await bootError([Many]);
    expect(error.message).to.match(/^4 problems with handlers:/);
    expect(error.message.match(/ARM_ERR_INVALID_TOOL_NAME/g)).to.have.length(3);
    expect(error.message).to.include('ARM_ERR_SCHEMA_MISSING: Many.p');
    expect(error.code).to.equal('ARM_ERR_SCHEMA_MISSING');
  });

  it('refuses duplicate tool, prompt and resource names across classes', async () => {
    class A {
      @Tool({ name: 'same' }) one(): void {}
      @Resource('x://r') r(): string {
        return '';
      }
    }
    class B {
      @Tool({ name: 'same' }) two(): void {}
      @Resource('x://r') r2(): string {
        return '';
      }
    }
    const error = await bootError([A, B]);
    expect(error.code).to.equal('ARM_ERR_DUPLICATE_NAME');
    expect(error.message).to.include('A.one').and.include('B.two');
    expect(error.message).to.include('"x://r"');
  });

  it('refuses template variables without a parameter, and parameters without a variable', async () => {
    class T {
      @ResourceTemplate('x://{a}/{b}') read(a: string, c: string): string {
        return a + c;
      }
    }
    const manifest = manifestFor({
      T: {
        read: {
          kind: 'resourceTemplate',
          params: [
            { index: 0, name: 'a', role: 'variable' },
            { index: 1, name: 'c', role: 'variable' },
          ],
        },
      },
    });
    const error = await bootError([T], { manifest });
    expect(error.code).to.equal('ARM_ERR_TEMPLATE_VARIABLE_MISMATCH');
    expect(error.message).to.include('{b}').and.include('c match no variable');
  });

  it('refuses ambiguous templates, with an example URI', async () => {
    class T {
      @ResourceTemplate('x://items/{id}') one(id: string): string {
        return id;
      }
      @ResourceTemplate('x://{kind}/{id}') two(kind: string, id: string): string {
        return kind + id;
      }
    }
    const v = (index: number, name: string) => ({ index, name, role: 'variable' as const });
    const error = await bootError([T], {
      manifest: manifestFor({
        T: {
          one: { kind: 'resourceTemplate', params: [v(0, 'id')] },
          two: { kind: 'resourceTemplate', params: [v(0, 'kind'), v(1, 'id')] },
        },
      }),
    });
    expect(error.code).to.equal('ARM_ERR_AMBIGUOUS_TEMPLATE');
    expect(error.message).to.include('x://items/');
  });

  it('refuses invalid URI templates and resource URIs', async () => {
    class T {
      @ResourceTemplate('x://{unclosed') one(): string {
        return '';
      }
      @Resource('not a uri') two(): string {
        return '';
      }
    }
    const error = await bootError([T]);
    expect(error.message).to.include('ARM_ERR_INVALID_URI_TEMPLATE: T.one');
    expect(error.message).to.include('ARM_ERR_INVALID_RESOURCE_URI: T.two');
  });

  it('refuses completers that name a missing method or an unknown argument', async () => {
    class C {
      @Prompt({ arguments: [{ name: 'q' }], complete: { q: 'nothing', other: (v: string) => [v] } }) p(): string {
        return '';
      }
    }
    const error = await bootError([C]);
    expect(error.message).to.include('ARM_ERR_INVALID_COMPLETER');
    expect(error.message).to.include('"nothing"');
  });

  it('refuses input schemas that are not objects and schemas that do not compile', async () => {
    class S {
      @Tool({ inputSchema: { type: 'array' } }) a(): void {}
      @Tool({ inputSchema: { type: 'object', properties: { x: { type: 'wat' } } } }) b(): void {}
    }
    const error = await bootError([S]);
    expect(error.message).to.include('ARM_ERR_INVALID_SCHEMA: S.a').and.include('S.b input schema');
  });

  it('refuses a method with two MCP decorators', async () => {
    class D {
      @Tool()
      @Prompt()
      both(): string {
        return '';
      }
    }
    expect((await bootError([D])).code).to.equal('ARM_ERR_DUPLICATE_DECORATOR');
  });

  it('refuses malformed manifests and options', async () => {
    class E {
      @Tool() t(): void {}
    }
    for (const bad of [
      { armature: 4, handlers: {} },
      { armature: 3, handlers: {} },
      { armature: 3, paramLists: [], schemas: [{ type: 'object' }], handlers: {} },
      { armature: 3, paramLists: [], schemas: ['[1]'], handlers: {} },
      { armature: 2, handlers: {} },
      { armature: 2, schemas: [true], handlers: {} },
    ]) {
      expect((await bootError([E], { manifest: bad as unknown as ArmatureManifest })).code).to.equal('ARM_ERR_MANIFEST_INVALID');
    }
    expect((await bootError([E], { name: '' })).code).to.equal('ARM_ERR_INVALID_OPTIONS');
    expect((await bootError([E], { pageSize: 0 })).code).to.equal('ARM_ERR_INVALID_OPTIONS');
  });

  it('warns about a stale manifest entry that no longer matches the method', async () => {
    class W {
      @Tool() t(a: string): string {
        return a;
      }
    }
    const logger = new RecordingLogger();
    const manifest = manifestFor({ W: { t: { kind: 'tool', params: [arg(0, 'a'), arg(1, 'b')] }, gone: { kind: 'tool', params: [] } } });
    @Module({ handlers: [W] })
    class Root {}
    const app = await Armature.create(Root, { name: 'x', version: '1', manifest, logger });
    await app.close();
    expect(logger.warnings.join('\n')).to.include('W.t, which has 1').and.include('W.gone, which is not decorated');
  });
});
