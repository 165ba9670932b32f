import { expect } from 'chai';
import { problemLines, scan } from './helpers/scan-helpers';

const A = "import { Tool } from '@armature/core';\nexport class A {\n  @Tool() search(q: string): string { return q; }\n}\n";
const B =
  "import { Tool } from '@armature/core';\nexport class B {\n  @Tool({ name: 'search' }) find(q: string): string { return q; }\n}\n";
const B_DUPLICATE =
  'src/b.handlers.ts:3:17 - error ARM_ERR_DUPLICATE_NAME: B.find: the tool name "search" is already used by A.search (src/a.handlers.ts:3)';

describe('duplicate names are checked per server (the statically visible module graph)', () => {
  it('reports two handlers of one module', () => {
    const result = scan({
      'src/a.handlers.ts': A,
      'src/b.handlers.ts': B,
      'src/app.module.ts':
        "import { Module } from '@armature/di';\nimport { A } from './a.handlers';\nimport { B } from './b.handlers';\n\n@Module({ handlers: [A, B] })\nexport class AppModule {}\n",
    });
    expect(problemLines(result)).to.deep.equal([
      `${B_DUPLICATE}, and both are served by AppModule (src/app.module.ts:6); names must be unique per server.`,
    ]);
  });

  it('reports handlers that meet through imports, forwardRef, constants and spreads', () => {
    const result = scan({
      'src/a.handlers.ts': A,
      'src/b.handlers.ts': B,
      'src/features.module.ts': `import { Module, forwardRef } from '@armature/di';
import { A } from './a.handlers';
import { B } from './b.handlers';

const MORE = [B];
@Module({ handlers: [...MORE] })
export class BModule {}

@Module({ handlers: [A] })
export class AModule {}

@Module({ imports: [AModule, forwardRef(() => BModule)] })
export class AppModule {}
`,
    });
    expect(problemLines(result)).to.deep.equal([
      `${B_DUPLICATE}, and both are served by AppModule (src/features.module.ts:13); names must be unique per server.`,
    ]);
  });

  it('follows a forRoot() whose returned literal is visible', () => {
    const result = scan({
      'src/a.handlers.ts': A,
      'src/b.handlers.ts': B,
      'src/plugin.module.ts': `import { Module, type DynamicModule } from '@armature/di';
import { B } from './b.handlers';

@Module({})
export class PluginModule {
  static forRoot(enabled: boolean): DynamicModule {
    return { module: PluginModule, handlers: enabled ? [] : [], imports: [BHost] };
  }
}

@Module({ handlers: [B] })
export class BHost {}
`,
      'src/app.module.ts':
        "import { Module } from '@armature/di';\nimport { A } from './a.handlers';\nimport { PluginModule } from './plugin.module';\n\n@Module({ handlers: [A], imports: [PluginModule.forRoot(true)] })\nexport class AppModule {}\n",
    });
    expect(problemLines(result)).to.deep.equal([
      `${B_DUPLICATE}, and both are served by AppModule (src/app.module.ts:6); names must be unique per server.`,
    ]);
  });

  it('accepts the same name in unrelated modules, in classes no module lists, and behind a forRoot() it cannot see', () => {
    const result = scan({
      'src/a.handlers.ts': A,
      'src/b.handlers.ts': B,
      'src/c.handlers.ts': "import { Tool } from '@armature/core';\nexport class C {\n  @Tool() search(): string { return ''; }\n}\n",
      'src/modules.ts': `import { Module, type DynamicModule } from '@armature/di';
import { A } from './a.handlers';
import { B } from './b.handlers';

declare function build(): DynamicModule;

@Module({ handlers: [A] })
export class FirstServer {}

@Module({ handlers: [B] })
export class SecondServer {}

export class Computed {
  static forRoot(): DynamicModule { return build(); }
}

@Module({ handlers: [A], imports: [Computed.forRoot()] })
export class ThirdServer {}
`,
    });
    expect(problemLines(result)).to.deep.equal([]);
  });

  it('always compares the names within one class', () => {
    const result = scan({
      'src/d.handlers.ts':
        "import { Prompt } from '@armature/core';\nexport class D {\n  @Prompt() brief(): string { return ''; }\n  @Prompt({ name: 'brief' }) other(): string { return ''; }\n}\n",
    });
    expect(problemLines(result)).to.deep.equal([
      'src/d.handlers.ts:4:19 - error ARM_ERR_DUPLICATE_NAME: D.other: the prompt name "brief" is already used by D.brief (src/d.handlers.ts:3); names must be unique per server.',
    ]);
  });
});
