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
      `${B_DUPLICATE}, and both are served by AppModule (src/app.module.ts:6); names must be unique per server (or import one of the modules with mount(Module, { prefix })).`,
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
      `${B_DUPLICATE}, and both are served by AppModule (src/features.module.ts:13); names must be unique per server (or import one of the modules with mount(Module, { prefix })).`,
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
      `${B_DUPLICATE}, and both are served by AppModule (src/app.module.ts:6); names must be unique per server (or import one of the modules with mount(Module, { prefix })).`,
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

  it('compares resource URIs and templates too', () => {
    const result = scan({
      'src/r.handlers.ts': `import { Resource, ResourceTemplate } from '@armature/core';
export class R {
  @Resource('docs://index') index(): string { return ''; }
  @Resource('docs://index') again(): string { return ''; }
  @ResourceTemplate('docs://{page}') page(page: string): string { return page; }
  @ResourceTemplate('docs://{page}') other(page: string): string { return page; }
}
`,
    });
    expect(problemLines(result)).to.deep.equal([
      'src/r.handlers.ts:4:13 - error ARM_ERR_DUPLICATE_NAME: R.again: the resource URI "docs://index" is already used by R.index (src/r.handlers.ts:3); names must be unique per server.',
      'src/r.handlers.ts:6:21 - error ARM_ERR_DUPLICATE_NAME: R.other: the resource template "docs://{page}" is already used by R.page (src/r.handlers.ts:5); names must be unique per server.',
    ]);
  });

  const MOUNTS = (imports: string): Record<string, string> => ({
    'src/a.handlers.ts': A,
    'src/b.handlers.ts': B,
    'src/x.handlers.ts': "import { Tool } from '@armature/core';\nexport class X {\n  @Tool() x_search(): string { return ''; }\n}\n",
    'src/app.module.ts': `import { Module } from '@armature/di';
import { mount } from '@armature/core/mount';
import { A } from './a.handlers';
import { B } from './b.handlers';
import { X } from './x.handlers';

@Module({ handlers: [A] })
export class AModule {}

@Module({ handlers: [B] })
export class BModule {}

@Module({ handlers: [X] })
export class XModule {}

declare const computed: string;

@Module({ imports: [${imports}] })
export class AppModule {}
`,
  });

  it('compares names as mount() serves them: prefixes with literal text resolve a clash', () => {
    expect(problemLines(scan(MOUNTS("mount(AModule, { prefix: 'a' }), BModule")))).to.deep.equal([]);
    expect(problemLines(scan(MOUNTS("mount(AModule, { prefix: 'a' }), mount(BModule, { prefix: 'b' })")))).to.deep.equal([]);
  });

  it('and report the clashes they make, under the served name', () => {
    const result = scan(MOUNTS("XModule, mount(mount(AModule, { prefix: 'search' }), { prefix: 'x' })"));
    expect(problemLines(result)).to.deep.equal([]);
    const clash = scan(MOUNTS("XModule, mount(AModule, { prefix: 'x' })"));
    expect(problemLines(clash)).to.deep.equal([
      'src/x.handlers.ts:3:11 - error ARM_ERR_DUPLICATE_NAME: X.x_search: the tool name "x_search" is already used by A.search (src/a.handlers.ts:3), and both are served by AppModule (src/app.module.ts:19); names must be unique per server (or import one of the modules with mount(Module, { prefix })).',
    ]);
  });

  it('refuses a literal prefix that is not 1-64 tool-name characters', () => {
    expect(problemLines(scan(MOUNTS("mount(AModule, { prefix: 'git hub' }), BModule")))).to.deep.equal([
      'src/app.module.ts:18:46 - error ARM_ERR_MOUNT_PREFIX: AppModule: mount prefix "git hub" may only contain letters, digits, "_", "-" and "."; use 1-64 characters of A-Z a-z 0-9 _ . - (e.g. "github").',
    ]);
  });

  it('leaves out what a mount with a computed prefix serves', () => {
    expect(problemLines(scan(MOUNTS('mount(AModule, { prefix: computed }), BModule')))).to.deep.equal([]);
  });

  it('records in the manifest what each module class serves, under its mounts, for apps in other packages', () => {
    const result = scan(MOUNTS("mount(AModule, { prefix: 'a' }), BModule"));
    // Sources are relative to the manifest's folder (the output folder, dist/).
    expect(result.manifest.modules?.['src/app.module.js#AppModule']).to.deep.equal([
      { kind: 'tool', name: 'a_search', owner: 'A.search', source: '../src/a.handlers.ts:3' },
      { kind: 'tool', name: 'search', owner: 'B.find', source: '../src/b.handlers.ts:3' },
    ]);
    expect(result.manifest.modules?.['src/app.module.js#AModule']).to.deep.equal([
      { kind: 'tool', name: 'search', owner: 'A.search', source: '../src/a.handlers.ts:3' },
    ]);
  });
});
