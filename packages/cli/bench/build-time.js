#!/usr/bin/env node
// Build-time benchmark for `armature build` / `armature dev`.
// Generates projects with 10, 100 and 500 tools, then measures:
//   - cold `armature build` through the binary (node + TypeScript start-up included),
//   - the same build in-process, split into compile and scan time,
//   - `armature dev`: the rebuild after a one-line change to one handler file.
// Each figure is the median of 3 runs.
// Usage: node packages/cli/bench/build-time.js [sizes...]   (after building packages/schema and packages/cli)
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runBuild, startDev, memoryOutput } = require('../dist/src');

const BIN = path.join(__dirname, '..', 'dist', 'src', 'bin', 'armature.js');
const TOOLS_PER_FILE = 10;
const REPEAT = 3;

function write(dir, files) {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
}

function handlerFile(fileIndex, marker = '') {
  const tools = [];
  for (let i = 0; i < TOOLS_PER_FILE; i++) {
    const n = fileIndex * TOOLS_PER_FILE + i;
    tools.push(`  /**
   * Tool number ${n}.${marker}
   * @param query What to look for.
   * @minimum limit 1
   */
  @Tool()
  async tool${n}(query: string, filter: Filter, limit = 10, ctx?: RequestContext): Promise<Page<Item>> {
    return { items: [], total: limit };
  }
`);
  }
  return `import { Tool, RequestContext } from '@armature/core';\nimport type { Filter, Item, Page } from './types';\n\nexport class Handlers${fileIndex} {\n${tools.join('\n')}}\n`;
}

function createProject(toolCount) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `armature-bench-${toolCount}-`));
  const files = {
    // As a Node server's tsconfig: no DOM types (`lib`; without it TypeScript parses and binds
    // the 1.9 MB lib.dom.d.ts on every cold build, ~0.7 s at 500 tools), no @types, no declarations.
    'tsconfig.json': JSON.stringify({
      compilerOptions: { target: 'ES2022', lib: ['ES2022'], module: 'commonjs', strict: true, experimentalDecorators: true, emitDecoratorMetadata: true, skipLibCheck: true, rootDir: '.', outDir: 'dist', types: [] },
      include: ['src'],
    }),
    'node_modules/@armature/core/package.json': JSON.stringify({ name: '@armature/core', version: '0.0.0', types: 'index.d.ts' }),
    'node_modules/@armature/core/index.d.ts': 'export declare function Tool(options?: object): MethodDecorator;\nexport declare abstract class RequestContext { abstract readonly requestId: string | number; }\n',
    'src/types.ts': `export type Status = 'open' | 'closed';
export interface Filter { status?: Status; tags?: string[]; createdAfter?: Date; owner?: { id: string; name?: string } }
export interface Item { id: string; title: string; status: Status; tags: string[]; children?: Item[] }
export interface Page<T> { items: T[]; total: number; next?: string }
`,
  };
  for (let f = 0; f < Math.ceil(toolCount / TOOLS_PER_FILE); f++) files[`src/handlers${f}.ts`] = handlerFile(f);
  write(dir, files);
  return dir;
}

function ms(value) {
  return `${Math.round(value)} ms`;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function timeCli(args) {
  const started = Date.now();
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 600_000 });
  if (result.status !== 0) throw new Error(`armature ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  return Date.now() - started;
}

/** Median of REPEAT cycles of `armature dev`, each after a one-line change to one handler file. */
async function watchRebuild(dir) {
  const cycles = [];
  const session = startDev({ project: path.join(dir, 'tsconfig.json'), output: memoryOutput(), onCycle: (c) => cycles.push(c) });
  const wait = async (n) => {
    const deadline = Date.now() + 120_000;
    while (cycles.length < n) {
      if (Date.now() > deadline) throw new Error('watch cycle timed out');
      await new Promise((r) => setTimeout(r, 10));
    }
    return cycles[n - 1];
  };
  await wait(1);
  const file = path.join(dir, 'src', 'handlers0.ts');
  const walls = [];
  for (let i = 0; i < REPEAT; i++) {
    await new Promise((r) => setTimeout(r, 300));
    const edited = Date.now();
    fs.writeFileSync(file, handlerFile(0, ` Edited ${i}.`));
    await wait(i + 2);
    walls.push(Date.now() - edited);
  }
  await session.close();
  const measured = cycles.slice(1);
  return { durationMs: median(measured.map((c) => c.durationMs)), scanMs: median(measured.map((c) => c.scanMs)), wall: median(walls) };
}

async function main() {
  const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
  const rows = [];
  // Warm up TypeScript and the scanner in this process so the first size is not penalized.
  const warm = createProject(10);
  runBuild({ project: path.join(warm, 'tsconfig.json'), output: memoryOutput() });
  fs.rmSync(warm, { recursive: true, force: true });
  for (const size of sizes.length > 0 ? sizes : [10, 100, 500]) {
    const dir = createProject(size);
    const cold = [];
    for (let i = 0; i < REPEAT; i++) {
      fs.rmSync(path.join(dir, 'dist'), { recursive: true, force: true });
      cold.push(timeCli(['build', '-p', dir]));
    }
    const noop = [];
    for (let i = 0; i < REPEAT; i++) noop.push(timeCli(['build', '-p', dir]));
    const builds = [];
    for (let i = 0; i < REPEAT; i++) builds.push(runBuild({ project: path.join(dir, 'tsconfig.json'), output: memoryOutput(), force: true }));
    const watch = await watchRebuild(dir);
    rows.push({
      tools: size,
      'cold build (CLI)': ms(median(cold)),
      'build in-process': ms(median(builds.map((b) => b.durationMs))),
      'of which scan': ms(median(builds.map((b) => b.scanMs))),
      'no-op build (CLI)': ms(median(noop)),
      'watch rebuild': ms(watch.durationMs),
      'of which rescan': ms(watch.scanMs),
      'edit → manifest': ms(watch.wall),
    });
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.table(rows);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
