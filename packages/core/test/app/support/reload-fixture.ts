import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const PACKAGES = path.resolve(__dirname, '..', '..', '..', '..', '..');

/** A compiled "app" on disk, loaded through require, that a test rewrites to simulate a rebuild. */
export class ReloadFixture {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'armature-reload-'));
  readonly toolsFile = path.join(this.dir, 'dist', 'tools.js');
  readonly moduleFile = path.join(this.dir, 'dist', 'app.module.js');
  readonly manifestFile = path.join(this.dir, 'dist', 'armature.manifest.json');

  constructor() {
    fs.mkdirSync(path.join(this.dir, 'dist'));
    fs.mkdirSync(path.join(this.dir, 'node_modules', '@armature'), { recursive: true });
    // The same core and di the test uses (require follows the links to the real files).
    for (const name of ['core', 'di'])
      fs.symlinkSync(path.join(PACKAGES, name), path.join(this.dir, 'node_modules', '@armature', name), 'dir');
    fs.writeFileSync(path.join(this.dir, 'package.json'), JSON.stringify({ name: 'reload-fixture', private: true }));
    fs.writeFileSync(
      this.moduleFile,
      `const { Module } = require('@armature/di');
const { Tools, Counter } = require('./tools');
class AppModule {}
Module({ handlers: [Tools, Counter] })(AppModule);
exports.AppModule = AppModule;
`,
    );
  }

  /**
   * Writes the handlers (`Tools` with one tool per entry of `tools` — the key is the tool name,
   * the value the text it returns — and a session-scoped `Counter` with a `count` tool) and
   * their manifest.
   */
  writeHandlers(tools: Readonly<Record<string, string>>): void {
    const names = Object.keys(tools);
    const methods = names.map((name, i) => `  m${i}() { return ${JSON.stringify(tools[name])}; }`).join('\n');
    const decorate = names
      .map(
        (name, i) =>
          `Tool({ name: ${JSON.stringify(name)} })(Tools.prototype, 'm${i}', Object.getOwnPropertyDescriptor(Tools.prototype, 'm${i}'));`,
      )
      .join('\n');
    fs.writeFileSync(
      this.toolsFile,
      `const { Tool } = require('@armature/core');
const { Injectable } = require('@armature/di');
class Tools {
${methods}
}
${decorate}
class Counter {
  constructor() { this.n = 0; }
  count() { this.n += 1; return String(this.n); }
}
Injectable({ scope: 'session' })(Counter);
Tool()(Counter.prototype, 'count', Object.getOwnPropertyDescriptor(Counter.prototype, 'count'));
exports.Tools = Tools;
exports.Counter = Counter;
`,
    );
    const entry = { kind: 'tool', argumentStyle: 'positional', params: 0, inputSchema: 0 };
    const manifest = {
      armature: 2,
      comment: 'test',
      generator: 'test',
      sourceHash: 'sha256-test',
      paramLists: [[]],
      schemas: [{ type: 'object', additionalProperties: false }],
      handlers: {
        'tools.js#Tools': { className: 'Tools', source: 'tools.ts:1', methods: Object.fromEntries(names.map((_, i) => [`m${i}`, entry])) },
        'tools.js#Counter': { className: 'Counter', source: 'tools.ts:9', methods: { count: entry } },
      },
    };
    fs.writeFileSync(this.manifestFile, JSON.stringify(manifest));
  }

  /** The module exported as `name` by the compiled app module. */
  load<T>(name: string): T {
    return (require(this.moduleFile) as Record<string, T>)[name] as T;
  }

  /** Forgets the fixture's modules and removes its folder. */
  remove(): void {
    for (const file of Object.keys(require.cache)) if (file.startsWith(this.dir)) delete require.cache[file];
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
