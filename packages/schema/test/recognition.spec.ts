import { expect } from 'chai';
import { methodOf, scan, scanClean } from './helpers/scan-helpers';

describe('recognising decorators and the request context', () => {
  it('follows renamed imports and namespace imports of @armature/core', () => {
    const result = scanClean(`import { Tool as McpTool, RequestContext as Ctx } from '@armature/core';
import * as armature from '@armature/core';
export class H {
  @McpTool() a(x: string, c: Ctx): string { return x; }
  @armature.Tool() b(y: number, c: armature.RequestContext): string { return ''; }
  @armature.Prompt() c(z: string): string { return z; }
}
`);
    expect(methodOf(result, 'H', 'a').params).to.deep.equal([
      { index: 0, name: 'x', role: 'argument', required: true },
      { index: 1, name: 'c', role: 'context' },
    ]);
    expect(methodOf(result, 'H', 'b').params[1]).to.deep.equal({ index: 1, name: 'c', role: 'context' });
    expect(methodOf(result, 'H', 'c').kind).to.equal('prompt');
  });

  it('ignores a decorator of the same name from another module', () => {
    const result = scanClean(`function Tool(): MethodDecorator { return () => undefined; }
export class H {
  @Tool() notOurs(cb: () => void): void {}
}
`);
    expect(result.manifest.handlers).to.deep.equal({});
    expect(result.methodCount).to.equal(0);
  });

  it('falls back to the name when the import cannot be resolved', () => {
    const result = scanClean(`import { Tool, RequestContext } from 'not-installed-anywhere';
export class H {
  @Tool() a(x: string): string { return x; }
}
`);
    expect(methodOf(result, 'H', 'a').kind).to.equal('tool');
  });

  it('recognises a bare decorator without a call', () => {
    const result = scanClean(`import { Tool } from '@armature/core';
export class H {
  @Tool a(x: string): string { return x; }
}
`);
    expect(methodOf(result, 'H', 'a').kind).to.equal('tool');
  });

  it('reads the tool name and description from constants', () => {
    const result = scan({
      'src/h.ts': `import { Tool } from '@armature/core';
const NAME = 'bad name';
export class H {
  @Tool({ name: NAME }) a(): void {}
}
`,
    });
    expect(result.problems.map((p) => p.code)).to.deep.equal(['ARM_ERR_TOOL_NAME']);
  });

  it('scans every class of every source file, and skips classes without decorated methods', () => {
    const result = scanClean(`import { Tool } from '@armature/core';
export class Plain { run(): void {} }
export class One { @Tool() one(): void {} }
class Two { @Tool() two(): void {} }
`);
    expect(Object.keys(result.manifest.handlers)).to.deep.equal(['src/handlers.js#One', 'src/handlers.js#Two']);
  });
});
