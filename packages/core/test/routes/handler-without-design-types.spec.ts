import 'reflect-metadata';
import { expect } from 'chai';
import { Module } from '@armature/di';
import { Armature } from '../../src/app/armature.app';
import { RequestContext } from '../../src/context/request-context';
import { Tool } from '../../src/decorators/tool.decorator';
import { RecordingLogger } from '../app/support/app-client';

/** A handler as `armature build` emits one the manifest describes: the decorator applied directly, no design types. */
class Stripped {
  run(args: object, ctx?: RequestContext): string {
    return `${JSON.stringify(args)} ${ctx === undefined ? 'no context' : 'context'}`;
  }
}
// Two arguments, no descriptor, as the build emits it.
(Tool({ inputSchema: { type: 'object' } }) as (target: object, name: string) => void)(Stripped.prototype, 'run');

/** The same method compiled with its design types (emitDecoratorMetadata). */
class Designed {
  @Tool({ inputSchema: { type: 'object' } })
  run(args: object, ctx: RequestContext): string {
    return `${JSON.stringify(args)} ${ctx === undefined ? 'no context' : 'context'}`;
  }
}

async function warningsOf(handler: new () => object): Promise<string[]> {
  @Module({ handlers: [handler] })
  class Root {}
  const logger = new RecordingLogger();
  const app = await Armature.create(Root, { name: 'x', version: '1', logger });
  await app.close();
  return logger.warnings;
}

describe('handlers without a manifest entry or design types', () => {
  it('warns that the context cannot be recognised, naming the method and what to ship', async () => {
    const warnings = await warningsOf(Stripped);
    expect(warnings.filter((w) => w.startsWith('Stripped.run has no manifest entry and no design:paramtypes'))).to.have.length(1);
    expect(warnings.join('\n')).to.contain('armature.manifest.json').and.contain('--keep-design-metadata');
  });

  it('does not warn when the design types say which parameter is the context', async () => {
    expect((await warningsOf(Designed)).filter((w) => w.includes('design:paramtypes'))).to.deep.equal([]);
  });
});
