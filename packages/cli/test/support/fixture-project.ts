import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** A stand-in `@armature/core` (types plus no-op decorators), so fixtures compile on their own. */
const CORE_TYPES = `export declare function Tool(options?: object): MethodDecorator;
export declare function Prompt(options?: object): MethodDecorator;
export declare function Resource(uri: string, options?: object): MethodDecorator;
export declare function ResourceTemplate(uriTemplate: string, options?: object): MethodDecorator;
export declare abstract class RequestContext {
  abstract readonly requestId: string | number;
  abstract elicit<T extends object>(message: string, options: { readonly key: string }): Promise<{ action: 'accept'; content: T } | { action: 'decline' | 'cancel' }>;
}
export type ContentBlock = { type: 'text'; text: string };
export type ToolResult = { content: ContentBlock[] };
`;
const CORE_JS = `const noop = () => () => undefined;
exports.Tool = noop; exports.Prompt = noop; exports.Resource = noop; exports.ResourceTemplate = noop;
exports.RequestContext = class RequestContext {};
`;

/** The compiler options of fixture projects. */
export const FIXTURE_COMPILER_OPTIONS = {
  target: 'ES2022',
  module: 'commonjs',
  strict: true,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  useDefineForClassFields: false,
  skipLibCheck: true,
  rootDir: '.',
  outDir: 'dist',
  types: [],
};

/** A tsconfig for fixtures that import the real packages' subpaths (Node16 resolution). */
export const NODE16_FIXTURE_TSCONFIG = {
  compilerOptions: { ...FIXTURE_COMPILER_OPTIONS, module: 'Node16', moduleResolution: 'Node16' },
  include: ['src'],
};

/** Creates a temporary project folder with the stand-in core; returns its path. */
export function createFixture(files: Readonly<Record<string, string>>, tsconfig: object = defaultTsconfig()): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'armature-cli-'));
  writeFiles(dir, {
    'tsconfig.json': JSON.stringify(tsconfig, null, 2),
    'node_modules/@armature/core/package.json': JSON.stringify({
      name: '@armature/core',
      version: '0.0.0',
      main: 'index.js',
      types: 'index.d.ts',
    }),
    'node_modules/@armature/core/index.d.ts': CORE_TYPES,
    'node_modules/@armature/core/index.js': CORE_JS,
    ...files,
  });
  return dir;
}

/** The default fixture tsconfig: sources under src/, output in dist/. */
export function defaultTsconfig(extra: object = {}): object {
  return { compilerOptions: { ...FIXTURE_COMPILER_OPTIONS, ...extra }, include: ['src'] };
}

/** Writes files (relative paths) under a folder, creating folders as needed. */
export function writeFiles(dir: string, files: Readonly<Record<string, string>>): void {
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
}

/** Removes a fixture folder. */
export function removeFixture(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

/** The compiled `armature` binary. */
export const ARMATURE_BIN = path.join(__dirname, '..', '..', 'src', 'bin', 'armature.js');

/** Runs the `armature` binary to completion (bounded by a timeout). */
export function runArmature(args: readonly string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [ARMATURE_BIN, ...args], { cwd, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Reads and parses a JSON file. */
export function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}
