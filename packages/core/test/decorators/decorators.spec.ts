import 'reflect-metadata';
import { expect } from 'chai';
import { ArmatureError } from '@armature/di';
import { Prompt } from '../../src/decorators/prompt.decorator';
import { ResourceTemplate } from '../../src/decorators/resource-template.decorator';
import { Resource } from '../../src/decorators/resource.decorator';
import { Tool } from '../../src/decorators/tool.decorator';
import { isHandlerClass, readHandlerMethods } from '../../src/metadata/handler-metadata';

describe('decorators', () => {
  it('record one frozen record per decorated method, with every option', () => {
    const options = {
      name: 'make',
      title: 'Make',
      description: 'Makes',
      icons: [{ src: 'https://example.com/i.png', mimeType: 'image/png', sizes: ['48x48'] }],
      annotations: { readOnlyHint: false, destructiveHint: false, title: 'Make it' },
      execution: { taskSupport: 'forbidden' as const },
      _meta: { 'example.com/k': 1 },
      inputSchema: { type: 'object' },
      outputSchema: { type: 'object' },
    };
    class H {
      @Tool(options) make(): void {}
      @Resource('x://a', { mimeType: 'text/plain', size: 3, annotations: { priority: 1 } }) a(): string {
        return 'a';
      }
      @ResourceTemplate('x://{id}', { complete: { id: 'ids' } }) one(id: string): string {
        return id;
      }
      @Prompt({ arguments: [{ name: 'q', required: true }] }) ask(): string {
        return '';
      }
      ids(): string[] {
        return [];
      }
    }
    const records = readHandlerMethods(H);
    expect(records.map((r) => `${r.kind}:${r.method}`)).to.deep.equal(['tool:make', 'resource:a', 'resourceTemplate:one', 'prompt:ask']);
    const tool = records[0];
    expect(tool).to.deep.include({ kind: 'tool', method: 'make' });
    expect(tool?.options).to.deep.equal(options);
    expect(Object.isFrozen(tool)).to.equal(true);
    expect(Object.isFrozen(tool?.options)).to.equal(true);
    expect(Object.isFrozen((tool?.options as typeof options).icons[0])).to.equal(true);
    expect(isHandlerClass(H)).to.equal(true);
  });

  it('copy the options: changing the object later changes nothing', () => {
    const options = { description: 'before', annotations: { readOnlyHint: true } };
    class H {
      @Tool(options) t(): void {}
    }
    options.description = 'after';
    options.annotations.readOnlyHint = false;
    expect(readHandlerMethods(H)[0]?.options).to.deep.equal({ description: 'before', annotations: { readOnlyHint: true } });
  });

  it('keep a key named __proto__ as plain data', () => {
    const options = JSON.parse('{"_meta":{"__proto__":{"polluted":true}}}') as { _meta: Record<string, unknown> };
    class H {
      @Tool(options) t(): void {}
    }
    const meta = readHandlerMethods(H)[0]?.options._meta as Record<string, unknown>;
    expect(Object.keys(meta)).to.deep.equal(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
  });

  it('inherit records from base classes; a subclass re-decoration replaces the base one', () => {
    class Base {
      @Tool({ description: 'base' }) shared(): void {}
      @Tool() onlyBase(): void {}
    }
    class Child extends Base {
      @Tool({ description: 'child' }) override shared(): void {}
      @Tool() own(): void {}
    }
    const records = readHandlerMethods(Child);
    expect(records.map((r) => r.method)).to.deep.equal(['shared', 'onlyBase', 'own']);
    expect(records[0]?.options.description).to.equal('child');
    expect(readHandlerMethods(Base).map((r) => r.method)).to.deep.equal(['shared', 'onlyBase']);
  });

  it('refuse static methods, naming the class and method', () => {
    expect(() => {
      class H {
        @Tool() static nope(): void {}
      }
      return H;
    })
      .to.throw(ArmatureError, /static method H\.nope/)
      .with.property('code', 'ARM_ERR_DECORATOR_TARGET');
  });

  it('leave classes without decorated methods unmarked', () => {
    class Plain {
      m(): void {}
    }
    expect(isHandlerClass(Plain)).to.equal(false);
    expect(readHandlerMethods(Plain)).to.deep.equal([]);
  });
});
