'use strict';
// Writes the TypeScript source of an Armature server with `add` plus a generated tool set
// (generate/tool-set.js: distinct schemas, or `-shared` ones) and builds it with the real CLI (`armature build`), so its schemas
// come from TypeScript types exactly as a user's would. Files are rewritten only when their
// text changes, so a second run is an up-to-date (no-op) build.
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { parseToolSet, toolParams, toolName, toolDescription } = require('./tool-set');
const { armatureProjectDir } = require('../servers/armature-app');

const REPO_ROOT = path.join(__dirname, '..', '..');
const CLI = path.join(REPO_ROOT, 'packages', 'cli', 'dist', 'src', 'bin', 'armature.js');
const ADD_SOURCE_DIR = path.join(__dirname, '..', 'servers', 'armature', 'src');
const TOOLS_PER_FILE = 100;

function writeIfChanged(file, text) {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

function toolMethod(index, shared) {
  const PARAMS = toolParams(index, shared);
  const docs = PARAMS.map((p) => `   * @param ${p.name} ${p.description}`).join('\n');
  const params = PARAMS.map((p) => `${p.name}${p.required ? '' : '?'}: ${p.ts}`).join(', ');
  return `  /**
   * ${toolDescription(index)}
${docs}
   */
  @Tool()
  ${toolName(index)}(${params}): string {
    return \`${index}:\${query}:\${limit}\`;
  }
`;
}

function handlerFile(fileIndex, first, count, shared) {
  const methods = [];
  for (let i = first; i < first + count; i++) methods.push(toolMethod(i, shared));
  return `import { Tool } from '@armature/core';\n\n/** Generated benchmark tools ${first}–${first + count - 1}. */\nexport class Lookup${fileIndex}Handlers {\n${methods.join('\n')}}\n`;
}

function moduleFile(fileCount) {
  const classes = Array.from({ length: fileCount }, (_, f) => `Lookup${f}Handlers`);
  const imports = classes.map((c, f) => `import { ${c} } from './lookup-${f}.handlers';`).join('\n');
  return `import { Module } from '@armature/di';\nimport { AddHandlers } from './add.handlers';\n${imports}\n\n/** Generated: add plus the lookup tools. */\n@Module({ handlers: [AddHandlers, ${classes.join(', ')}] })\nexport class BenchModule {}\n`;
}

/** Writes the project for tool set `toolSet` (`1000`, `1000-shared`, `1000-comments`); returns its folder. */
function writeProject(toolSet) {
  const { extra: extraTools, shared, comments } = parseToolSet(toolSet);
  const dir = armatureProjectDir(toolSet);
  const tsconfig = JSON.parse(fs.readFileSync(path.join(ADD_SOURCE_DIR, '..', 'tsconfig.json'), 'utf8'));
  // TypeScript's default, and so a project not scaffolded by `armature init`: the JavaScript keeps the JSDoc.
  if (comments) tsconfig.compilerOptions.removeComments = false;
  writeIfChanged(path.join(dir, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
  for (const file of ['add.handlers.ts', 'bench.app.ts'])
    writeIfChanged(path.join(dir, 'src', file), fs.readFileSync(path.join(ADD_SOURCE_DIR, file), 'utf8'));
  const fileCount = Math.ceil(extraTools / TOOLS_PER_FILE);
  for (let f = 0; f < fileCount; f++) {
    const first = f * TOOLS_PER_FILE;
    writeIfChanged(
      path.join(dir, 'src', `lookup-${f}.handlers.ts`),
      handlerFile(f, first, Math.min(TOOLS_PER_FILE, extraTools - first), shared),
    );
  }
  writeIfChanged(path.join(dir, 'src', 'bench.module.ts'), moduleFile(fileCount));
  return dir;
}

/** `armature build -p <dir>`; throws with the CLI's output when it fails. */
function buildProject(dir, timeoutMs = 600_000) {
  const started = Date.now();
  const result = spawnSync(process.execPath, [CLI, 'build', '-p', dir], { encoding: 'utf8', timeout: timeoutMs });
  if (result.status !== 0) {
    throw new Error(
      `armature build -p ${path.relative(REPO_ROOT, dir)} failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`,
    );
  }
  return { ms: Date.now() - started, output: result.stdout.trim() };
}

/** Builds every Armature server the scenarios need (add only, and the generated tool sets). */
function buildArmatureServers(toolSets, log) {
  const dirs = [armatureProjectDir(0), ...toolSets.map(writeProject)];
  for (const dir of dirs) {
    const { ms, output } = buildProject(dir);
    log(`  ${output.split('\n').pop()} [${ms} ms]`);
  }
}

module.exports = { writeProject, buildProject, buildArmatureServers, CLI };
