import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createFixture, readJson, removeFixture, runArmature, writeFiles } from './support/fixture-project';
import { removeScaffold, scaffoldInWorkspace } from './support/scaffolded-project';

/** A tool whose JSDoc misspells @minLength, and a DTO-like interface whose property misspells @maximum. */
const MISSPELLED = `import { Tool } from '@armature/core';

export interface Limits {
  /** @maximun 3 */
  depth: number;
}

export class Search {
  /**
   * Search.
   * @param query The words.
   * @minLenght query 2
   * @example search('x')
   * @see https://example.com
   * @deprecated use find
   */
  @Tool()
  search(query: string, limits: Limits): string {
    return query + limits.depth;
  }
}
`;

interface Manifest {
  readonly handlers: Record<string, { methods: Record<string, { params: unknown[] }> }>;
  readonly schemas: unknown[];
}

/** The manifest's schemas (stored as JSON texts) as one text. */
function schemaText(manifest: Manifest): string {
  return manifest.schemas.map((schema) => (typeof schema === 'string' ? schema : JSON.stringify(schema))).join('\n');
}

/** Runs a command to completion in `cwd`, bounded. */
function run(command: string, args: readonly string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(command, [...args], { cwd, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('armature build and serve: no silent drops', function () {
  this.timeout(120_000);

  describe('a JSDoc tag close to a known one', () => {
    let dir: string;
    beforeEach(() => (dir = createFixture({ 'src/search.ts': MISSPELLED })));
    afterEach(() => removeFixture(dir));

    it('is a warning with file:line:col and the tag it probably means; the build passes without the constraint', () => {
      const result = runArmature(['build'], dir);
      expect(result.status, result.stdout + result.stderr).to.equal(0);
      const lines = result.stdout.split('\n');
      expect(lines).to.include(
        'src/search.ts:4:7 - warning ARM_WARN_UNKNOWN_TAG: Limits.depth: @maximun is not a tag Armature reads, so it is left out of the schema; did you mean @maximum?',
      );
      expect(lines).to.include(
        'src/search.ts:12:6 - warning ARM_WARN_UNKNOWN_TAG: Search.search: @minLenght is not a tag Armature reads, so it is left out of the schema; did you mean @minLength?',
      );
      // @example, @see and @deprecated are documentation tags: no warning for them.
      expect(result.stdout.match(/ARM_WARN_/g)).to.have.length(2);
      expect(result.stdout).to.contain('2 warnings: see above (--strict fails on them).');
      const manifest = readJson(path.join(dir, 'dist/armature.manifest.json')) as Manifest;
      expect(schemaText(manifest)).to.not.contain('minLength').and.to.not.contain('maximum');
    });

    it('fails the build under --strict, and no manifest is written', () => {
      const result = runArmature(['build', '--strict'], dir);
      expect(result.status, result.stdout).to.equal(1);
      expect(result.stdout).to.contain('src/search.ts:12:6 - error ARM_WARN_UNKNOWN_TAG: Search.search: @minLenght');
      expect(result.stdout).to.contain('armature: build failed with 2 warnings (--strict); no manifest written');
      expect(fs.existsSync(path.join(dir, 'dist/armature.manifest.json'))).to.equal(false);
    });

    it('fails a --strict build of a project an earlier build left up to date (the warnings are read again)', () => {
      expect(runArmature(['build'], dir).status).to.equal(0);
      const strict = runArmature(['build', '--strict'], dir);
      expect(strict.status, strict.stdout).to.equal(1);
      expect(strict.stdout).to.contain('error ARM_WARN_UNKNOWN_TAG: Search.search: @minLenght');
      expect(strict.stdout).to.contain('armature: build failed with 2 warnings (--strict)');
    });

    it('is gone once spelled right: the strict build passes and the schema has the constraints', () => {
      const fixed = MISSPELLED.replace('@maximun', '@maximum').replace('@minLenght', '@minLength');
      writeFiles(dir, { 'src/search.ts': fixed });
      const result = runArmature(['build', '--strict'], dir);
      expect(result.status, result.stdout).to.equal(0);
      expect(result.stdout).to.not.contain('ARM_WARN_');
      const schemas = schemaText(readJson(path.join(dir, 'dist/armature.manifest.json')) as Manifest);
      expect(schemas).to.contain('"minLength":2').and.to.contain('"maximum":3');
    });
  });

  describe('TypeScript errors', () => {
    let dir: string;
    const GOOD = `import { Tool } from '@armature/core';
export class Notes {
  /** Add a note. @minLength text 1 */
  @Tool()
  add(text: string): string {
    return text;
  }
}
`;
    const BROKEN = GOOD.replace('return text;', 'return text.nope;');
    afterEach(() => removeFixture(dir));

    it('write no manifest, and say so, on a project never built', () => {
      dir = createFixture({ 'src/notes.ts': BROKEN });
      const result = runArmature(['build'], dir);
      expect(result.status).to.equal(1);
      expect(result.stdout).to.contain("error TS2339: Property 'nope' does not exist on type 'string'.");
      expect(result.stdout).to.contain('armature: tsconfig.json has TypeScript errors: no manifest written.');
      expect(result.stdout).to.contain('armature: build failed with 1 TypeScript error; no manifest written for a project with errors');
      expect(fs.existsSync(path.join(dir, 'dist/armature.manifest.json'))).to.equal(false);
    });

    it('leave the previous manifest as it was (older than the JavaScript tsc emitted)', () => {
      dir = createFixture({ 'src/notes.ts': GOOD });
      expect(runArmature(['build'], dir).status).to.equal(0);
      const manifestFile = path.join(dir, 'dist/armature.manifest.json');
      const before = fs.readFileSync(manifestFile, 'utf8');
      const earlier = new Date(Date.now() - 60_000);
      fs.utimesSync(manifestFile, earlier, earlier);
      writeFiles(dir, { 'src/notes.ts': BROKEN });
      const result = runArmature(['build'], dir);
      expect(result.status).to.equal(1);
      expect(result.stdout).to.contain('no manifest written');
      expect(fs.readFileSync(manifestFile, 'utf8')).to.equal(before);
      expect(fs.statSync(manifestFile).mtimeMs).to.be.closeTo(earlier.getTime(), 1);
      // tsc's default: the JavaScript is emitted anyway, so it is newer than the manifest (the app refuses it; see below).
      expect(fs.readFileSync(path.join(dir, 'dist/src/notes.js'), 'utf8')).to.contain('text.nope');
    });
  });

  it('an up-to-date build vouches again for JavaScript a plain tsc re-emitted from the same sources', () => {
    const dir = createFixture({
      'src/notes.ts': `import { Tool } from '@armature/core';\nexport class N {\n  @Tool()\n  add(text: string): string {\n    return text;\n  }\n}\n`,
    });
    try {
      expect(runArmature(['build'], dir).status).to.equal(0);
      const manifestFile = path.join(dir, 'dist/armature.manifest.json');
      const earlier = new Date(Date.now() - 60_000);
      fs.utimesSync(manifestFile, earlier, earlier);
      const compiled = fs.statSync(path.join(dir, 'dist/src/notes.js')).mtimeMs;
      const rebuilt = runArmature(['build'], dir);
      expect(rebuilt.stdout).to.contain('everything was up to date');
      expect(fs.statSync(manifestFile).mtimeMs).to.be.at.least(compiled);
    } finally {
      removeFixture(dir);
    }
  });

  describe('a scaffolded app', () => {
    let dir: string;
    before(() => (dir = scaffoldInWorkspace('drops-app')));
    after(() => removeScaffold(dir));

    it('builds with --strict (armature init and npm create armature)', () => {
      const pkg = readJson(path.join(dir, 'package.json')) as { scripts: Record<string, string> };
      expect(pkg.scripts.build).to.equal('armature build --strict');
      expect(pkg.scripts.dev).to.equal('armature dev --strict');
    });

    it('never built: armature serve and npm start name the command to run', () => {
      const served = runArmature(['serve'], dir);
      expect(served.status).to.equal(1);
      expect(served.stderr).to.contain(
        'armature: cannot serve drops-app: dist/src/app.module.js does not exist: the app is not built. Run `armature build` (npm run build) first',
      );
      expect(served.stderr).to.not.contain('Cannot find module');
      const started = run('npm', ['start', '--silent'], dir);
      expect(started.status).to.not.equal(0);
      expect(started.stderr).to.contain(
        'dist/src/main.js does not exist: the server is not built. Run npm run build (armature build) first.',
      );
      expect(started.stderr).to.not.contain('Cannot find module');
    });

    it('npm run build fails on a misspelled tag (strict), then builds once it is fixed', () => {
      const handlers = path.join(dir, 'src/hello.handlers.ts');
      const source = fs.readFileSync(handlers, 'utf8');
      fs.writeFileSync(handlers, source.replace('@minLength name 1', '@minLenght name 1'));
      const failed = run('npm', ['run', 'build', '--silent'], dir);
      expect(failed.status).to.not.equal(0);
      expect(failed.stdout)
        .to.contain('error ARM_WARN_UNKNOWN_TAG: HelloHandlers.greet: @minLenght')
        .and.to.contain('did you mean @minLength?');
      expect(fs.existsSync(path.join(dir, 'dist/armature.manifest.json'))).to.equal(false);
      fs.writeFileSync(handlers, source);
      const built = run('npm', ['run', 'build', '--silent'], dir);
      expect(built.status, built.stdout + built.stderr).to.equal(0);
    });

    it('refuses to start on a manifest older than its compiled handlers (after a build with TypeScript errors), unless allowed', () => {
      const manifestFile = path.join(dir, 'dist/armature.manifest.json');
      expect(fs.existsSync(manifestFile), 'built by the test before').to.equal(true);
      const earlier = new Date(Date.now() - 60_000);
      fs.utimesSync(manifestFile, earlier, earlier);
      const handlers = path.join(dir, 'src/hello.handlers.ts');
      const source = fs.readFileSync(handlers, 'utf8');
      fs.writeFileSync(
        handlers,
        source.replace('return { message, length: message.length };', 'return { message, length: message.length, extra: 1 };'),
      );
      const build = runArmature(['build'], dir);
      expect(build.status).to.equal(1);
      expect(build.stdout).to.contain('no manifest written');

      const compiled = path.join(dir, 'dist/src/hello.handlers.js');
      const started = run(process.execPath, ['dist/src/main.js'], dir);
      expect(started.status).to.not.equal(0);
      expect(started.stderr).to.contain(`Manifest ${manifestFile} is older than ${compiled}`);
      expect(started.stderr).to.contain('Run `armature build`');

      const served = runArmature(['serve'], dir);
      expect(served.status).to.equal(1);
      expect(served.stderr).to.contain(`Manifest ${manifestFile} is older than ${compiled}`);

      // The option that says otherwise: the app boots on the older schemas, with one warning.
      const allowed = run(
        process.execPath,
        [
          '-e',
          `require('reflect-metadata');
const { Armature } = require('@armature/core');
const { AppModule } = require('./dist/src/app.module.js');
const warnings = [];
const logger = { debug() {}, info() {}, warn: (m) => warnings.push(m), error: (m) => warnings.push('error: ' + m) };
Armature.create(AppModule, { name: 'a', version: '1', allowStaleManifest: true, logger }).then(async (app) => {
  console.log(JSON.stringify({ tools: app.tools.list().map((t) => t.name), warnings }));
  await app.close();
});`,
        ],
        dir,
      );
      expect(allowed.status, allowed.stderr).to.equal(0);
      const report = JSON.parse(allowed.stdout) as { tools: string[]; warnings: string[] };
      expect(report.tools).to.deep.equal(['greet']);
      expect(report.warnings.filter((w) => w.includes('older than'))).to.have.length(1);

      fs.writeFileSync(handlers, source);
      expect(runArmature(['build'], dir).status).to.equal(0);
      const fresh = run(
        process.execPath,
        [
          '-e',
          `require('reflect-metadata');
const { Armature } = require('@armature/core');
const { AppModule } = require('./dist/src/app.module.js');
Armature.create(AppModule, { name: 'a', version: '1' }).then((app) => app.close()).then(() => console.log('booted'));`,
        ],
        dir,
      );
      expect(fresh.status, fresh.stderr).to.equal(0);
      expect(fresh.stdout).to.contain('booted');
    });
  });
});
