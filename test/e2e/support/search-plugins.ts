import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

// A temporary npm-style workspace: two plugin packages that both serve a `search` tool, and an
// app that imports both (linked by package name, as npm workspaces link them), built with the
// real `armature build` and run on the repository's own @armature/core and @armature/di.

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

const COMPILER_OPTIONS = {
  target: 'ES2022',
  module: 'Node16',
  moduleResolution: 'Node16',
  strict: true,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  useDefineForClassFields: false,
  skipLibCheck: true,
  declaration: true,
  composite: true,
  rootDir: 'src',
  outDir: 'dist/src',
  types: [],
};

function pluginPackage(name: string): string {
  return JSON.stringify({ name, version: '0.0.0', main: 'dist/src/index.js', types: 'dist/src/index.d.ts' });
}

const DOCS_HANDLERS = `import { Injectable } from '@armature/di';
import { McpNotifier, Prompt, ResourceTemplate, Tool } from '@armature/core';

const PAGES: Record<string, string> = { intro: 'Welcome to the docs.', install: 'Run npm install.' };

/** The documentation plugin. */
@Injectable()
export class DocsHandlers {
  constructor(private readonly notifier: McpNotifier) {}

  /**
   * Search the documentation pages.
   * @param query Words to look for.
   */
  @Tool()
  search(query: string): string {
    return Object.keys(PAGES).filter((slug) => (PAGES[slug] ?? '').toLowerCase().includes(query.toLowerCase())).join(',');
  }

  /**
   * Replace a page's text and tell its subscribers.
   * @param slug The page.
   * @param text Its new text.
   */
  @Tool()
  edit(slug: string, text: string): string {
    PAGES[slug] = text;
    this.notifier.resourceUpdated(\`docs://pages/\${slug}\`);
    return 'saved';
  }

  /** A page of the documentation. */
  @ResourceTemplate('docs://pages/{slug}', { mimeType: 'text/plain', complete: { slug: 'slugs' } })
  page(slug: string): string | undefined {
    return PAGES[slug];
  }

  /**
   * Ask for a summary of a page.
   * @param slug The page.
   */
  @Prompt({ complete: { slug: 'slugs' } })
  summarize(slug: string): string {
    return \`Summarize: \${PAGES[slug] ?? '(no such page)'}\`;
  }

  slugs(value: string): string[] {
    return Object.keys(PAGES).filter((slug) => slug.startsWith(value));
  }
}
`;

const CODE_HANDLERS = `import { Resource, Tool } from '@armature/core';

/** The code plugin. */
export class CodeHandlers {
  /**
   * Search the code.
   * @param query Words to look for.
   */
  @Tool()
  search(query: string): string {
    return \`code matching \${query}\`;
  }

  /** What the code index holds. */
  @Resource('code://index', { mimeType: 'text/plain' })
  index(): string {
    return 'main.ts';
  }
}
`;

/** The app module that imports both plugins as they are: their `search` tools clash. */
export const CLASHING_APP = `import { Module } from '@armature/di';
import { DocsModule } from '@fixture/search-docs';
import { CodeModule } from '@fixture/search-code';

@Module({ imports: [DocsModule, CodeModule] })
export class AppModule {}
`;

/** The app module that mounts each plugin under a prefix. */
export const MOUNTED_APP = `import { Module } from '@armature/di';
import { mount } from '@armature/core/mount';
import { DocsModule } from '@fixture/search-docs';
import { CodeModule } from '@fixture/search-code';

@Module({ imports: [mount(DocsModule, { prefix: 'docs' }), mount(CodeModule, { prefix: 'code' })] })
export class AppModule {}
`;

function write(dir: string, files: Readonly<Record<string, string>>): void {
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
}

/** Creates the workspace with `appModule` as the app's module; returns its folder. */
export function createSearchWorkspace(appModule: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'armature-mounts-'));
  const modules = path.join(dir, 'node_modules');
  fs.mkdirSync(path.join(modules, '@armature'), { recursive: true });
  fs.mkdirSync(path.join(modules, '@fixture'), { recursive: true });
  for (const name of ['core', 'di']) fs.symlinkSync(path.join(ROOT, 'packages', name), path.join(modules, '@armature', name), 'dir');
  fs.symlinkSync(path.join(ROOT, 'node_modules', 'reflect-metadata'), path.join(modules, 'reflect-metadata'), 'dir');
  fs.symlinkSync(path.join(dir, 'search-docs'), path.join(modules, '@fixture', 'search-docs'), 'dir');
  fs.symlinkSync(path.join(dir, 'search-code'), path.join(modules, '@fixture', 'search-code'), 'dir');
  const tsconfig = (references: readonly string[] = []): string =>
    JSON.stringify({ compilerOptions: COMPILER_OPTIONS, include: ['src'], references: references.map((p) => ({ path: p })) });
  write(dir, {
    'package.json': JSON.stringify({ name: 'mounts-workspace', private: true }),
    'search-docs/package.json': pluginPackage('@fixture/search-docs'),
    'search-docs/tsconfig.json': tsconfig(),
    'search-docs/src/docs.handlers.ts': DOCS_HANDLERS,
    'search-docs/src/docs.module.ts': `import { Module } from '@armature/di';\nimport { DocsHandlers } from './docs.handlers';\n\n@Module({ handlers: [DocsHandlers] })\nexport class DocsModule {}\n`,
    'search-docs/src/index.ts': `export { DocsModule } from './docs.module';\n`,
    'search-code/package.json': pluginPackage('@fixture/search-code'),
    'search-code/tsconfig.json': tsconfig(),
    'search-code/src/code.handlers.ts': CODE_HANDLERS,
    'search-code/src/code.module.ts': `import { Module } from '@armature/di';\nimport { CodeHandlers } from './code.handlers';\n\n@Module({ handlers: [CodeHandlers] })\nexport class CodeModule {}\n`,
    'search-code/src/index.ts': `export { CodeModule } from './code.module';\n`,
    'app/package.json': JSON.stringify({ name: 'mounts-app', private: true }),
    'app/tsconfig.json': tsconfig(['../search-docs', '../search-code']),
    'app/src/app.module.ts': appModule,
    // The app over stdio, for clients that spawn it.
    'app/src/main.ts': `import 'reflect-metadata';
import { Armature, silentLogger } from '@armature/core';
import { AppModule } from './app.module';

// A failed start rejects unhandled, which ends the process with the error on stderr.
void Armature.create(AppModule, { name: 'mounts', version: '1.0.0', logger: silentLogger }).then((app) => app.listen(['--stdio']));
`,
  });
  return dir;
}

/** Replaces the app's module source. */
export function writeAppModule(dir: string, appModule: string): void {
  write(dir, { 'app/src/app.module.ts': appModule });
}

/** Removes the workspace. */
export function removeSearchWorkspace(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}
