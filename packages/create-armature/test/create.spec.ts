import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PassThrough } from 'node:stream';
import { runCreate, type CreateIo } from '../src';
import { BUILT_CHECK } from '../src/project-files';

const BIN = path.join(__dirname, '..', '..', 'bin', 'create-armature.js');

interface Captured {
  readonly io: CreateIo;
  readonly stdin: PassThrough;
  stdout(): string;
  stderr(): string;
}

/** Streams for runCreate; `interactive` says whether it may ask. */
function captured(cwd: string, interactive: boolean): Captured {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return { io: { stdin, stdout, stderr, interactive, cwd }, stdin, stdout: () => out, stderr: () => err };
}

interface ScaffoldPackage {
  name: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

function readPackage(dir: string): ScaffoldPackage {
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as ScaffoldPackage;
}

const OWN_VERSION = (JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;

describe('create-armature', () => {
  let scratch: string;
  beforeEach(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'create-armature-'));
  });
  afterEach(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('asks nothing when an option is given, even on a terminal, and prints the next commands', async () => {
    const run = captured(scratch, true);
    // Nothing is ever written to stdin: a question would wait forever (and time the test out).
    expect(await runCreate(['my-server', '--http', '--ws'], run.io)).to.equal(0);
    const pkg = readPackage(path.join(scratch, 'my-server'));
    expect(pkg.name).to.equal('my-server');
    expect(Object.keys(pkg.dependencies)).to.have.members([
      '@armature/core',
      '@armature/di',
      '@armature/http',
      '@armature/ws',
      'reflect-metadata',
    ]);
    expect(pkg.dependencies['@armature/http']).to.equal(`^${OWN_VERSION}`);
    expect(pkg.devDependencies['@armature/cli']).to.equal(`^${OWN_VERSION}`);
    expect(pkg.scripts).to.include({
      build: 'armature build --strict',
      dev: 'armature dev --strict',
      start: 'node dist/src/main.js',
      'start:http': 'node dist/src/main.js --http 3000',
      'start:ws': 'node dist/src/main.js --ws 3001',
    });
    // Each start script first checks that the server was built (npm runs pre<name> before <name>).
    for (const name of ['prestart', 'prestart:http', 'prestart:ws'])
      expect(pkg.scripts[name]).to.contain('Run npm run build (armature build) first.');
    const main = fs.readFileSync(path.join(scratch, 'my-server/src/main.ts'), 'utf8');
    expect(main).to.contain("import '@armature/http/register';").and.to.contain("import '@armature/ws/register';");
    expect(run.stdout()).to.not.contain('?');
    expect(run.stdout().split('\n')).to.include.members([
      'Next:',
      '  cd my-server',
      '  npm install',
      '  npm run build && npm test',
      '  npm run start:http   # Streamable HTTP at http://127.0.0.1:3000/mcp',
    ]);
  });

  it('--yes without a folder creates my-mcp-server, stdio only', async () => {
    const run = captured(scratch, true);
    expect(await runCreate(['--yes'], run.io)).to.equal(0);
    const pkg = readPackage(path.join(scratch, 'my-mcp-server'));
    expect(Object.keys(pkg.dependencies)).to.have.members(['@armature/core', '@armature/di', 'reflect-metadata']);
    expect(pkg.scripts).to.not.have.property('start:http');
  });

  it('--redis brings HTTP and serves it with the Redis stores', async () => {
    const run = captured(scratch, false);
    expect(await runCreate(['scaled', '--redis'], run.io)).to.equal(0);
    const pkg = readPackage(path.join(scratch, 'scaled'));
    expect(Object.keys(pkg.dependencies)).to.include.members(['@armature/http', '@armature/redis']);
    const main = fs.readFileSync(path.join(scratch, 'scaled/src/main.ts'), 'utf8');
    expect(main).to.contain('redisScaleOut(').and.to.contain('...scale.httpOptions');
  });

  it('asks for the folder and the transports on a terminal', async () => {
    const run = captured(scratch, true);
    const answers = ['asked-server', '', 'y', '', 'n'];
    const questions: string[] = [];
    // Answer each question once it is asked, as a person would.
    let seen = '';
    run.io.stdout.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (questions.length < answers.length && /(: |\(y\/N\) )$/.test(seen)) {
        questions.push(seen.slice(seen.lastIndexOf('\n') + 1));
        seen = '';
        run.stdin.write(`${answers[questions.length - 1]}\n`);
      }
    });
    expect(await runCreate([], run.io)).to.equal(0);
    expect(questions).to.deep.equal([
      'Project folder (my-mcp-server): ',
      'Mount it in a NestJS application, next to REST controllers (--nestjs)? (y/N) ',
      'Serve Streamable HTTP too (--http)? (y/N) ',
      'Serve WebSocket too (--ws)? (y/N) ',
      'Share state through Redis, for several instances behind one URL (--redis)? (y/N) ',
    ]);
    const pkg = readPackage(path.join(scratch, 'asked-server'));
    expect(Object.keys(pkg.dependencies)).to.have.members(['@armature/core', '@armature/di', '@armature/http', 'reflect-metadata']);
    expect(run.stdout()).to.contain('  cd asked-server\n');
  });

  it('--nestjs writes a Nest application mounting the MCP endpoint, with Nest and @armature/nestjs as dependencies', async () => {
    const run = captured(scratch, true);
    expect(await runCreate(['nest-server', '--nestjs'], run.io)).to.equal(0);
    const dir = path.join(scratch, 'nest-server');
    const pkg = readPackage(dir);
    expect(Object.keys(pkg.dependencies)).to.have.members([
      '@armature/core',
      '@armature/di',
      '@armature/http',
      '@armature/nestjs',
      '@nestjs/common',
      '@nestjs/core',
      '@nestjs/platform-express',
      'reflect-metadata',
      'rxjs',
    ]);
    expect(pkg.dependencies['@armature/nestjs']).to.equal(`^${OWN_VERSION}`);
    // The Nest application is the server: no stdio start, no armature serve.
    expect(pkg.scripts).to.deep.equal({
      build: 'armature build --strict',
      prestart: BUILT_CHECK,
      start: 'node dist/src/main.js',
      test: "mocha --require reflect-metadata 'dist/test/**/*.spec.js'",
    });
    const appModule = fs.readFileSync(path.join(dir, 'src/app.module.ts'), 'utf8');
    expect(appModule).to.contain("import { ArmatureModule } from '@armature/nestjs';").and.to.contain('root: McpModule');
    expect(fs.readFileSync(path.join(dir, 'src/hello.handlers.ts'), 'utf8')).to.contain(
      'constructor(private readonly greetings: GreetingsService)',
    );
    expect(run.stdout().split('\n')).to.include('  npm start            # NestJS: MCP at http://127.0.0.1:3000/mcp, REST at /greet');
    expect(run.stdout()).to.not.contain('?');
  });

  it('--nestjs refuses --ws and --redis (Nest serves Streamable HTTP only), writing nothing', async () => {
    for (const other of ['--ws', '--redis']) {
      const run = captured(scratch, false);
      expect(await runCreate(['nest', '--nestjs', other], run.io)).to.equal(2);
      expect(run.stderr()).to.contain('--nestjs serves Streamable HTTP on the Nest application; it does not combine with --ws or --redis.');
    }
    expect(fs.readdirSync(scratch)).to.deep.equal([]);
  });

  it('on a terminal, a yes to NestJS asks no transport question', async () => {
    const run = captured(scratch, true);
    const answers = ['nest-asked', 'y'];
    let asked = 0;
    let seen = '';
    run.io.stdout.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (asked < answers.length && /(: |\(y\/N\) )$/.test(seen)) {
        seen = '';
        run.stdin.write(`${answers[asked++]}\n`);
      }
    });
    expect(await runCreate([], run.io)).to.equal(0);
    expect(run.stdout()).to.not.contain('--http)?');
    expect(Object.keys(readPackage(path.join(scratch, 'nest-asked')).dependencies)).to.include('@armature/nestjs');
  });

  it('writes nothing when the input ends before the questions are answered', async () => {
    const run = captured(scratch, true);
    run.io.stdout.once('data', () => run.stdin.end());
    expect(await runCreate(['half'], run.io)).to.equal(1);
    expect(run.stderr()).to.contain('create-armature: cancelled');
    expect(fs.readdirSync(scratch)).to.deep.equal([]);
  });

  it('without a terminal, needs a folder or --yes; refuses unknown options and a taken folder', async () => {
    const bare = captured(scratch, false);
    expect(await runCreate([], bare.io)).to.equal(2);
    expect(bare.stderr()).to.contain('create-armature: name a folder (or pass --yes for ./my-mcp-server).');
    const unknown = captured(scratch, false);
    expect(await runCreate(['x', '--htp'], unknown.io)).to.equal(2);
    expect(unknown.stderr()).to.contain("Unknown option '--htp'");
    fs.mkdirSync(path.join(scratch, 'taken'));
    fs.writeFileSync(path.join(scratch, 'taken/keep.txt'), 'x');
    const taken = captured(scratch, false);
    expect(await runCreate(['taken', '--yes'], taken.io)).to.equal(1);
    expect(taken.stderr()).to.contain('is not empty; choose a new folder (nothing was written).');
    expect(fs.readdirSync(path.join(scratch, 'taken'))).to.deep.equal(['keep.txt']);
    expect(fs.readdirSync(scratch)).to.deep.equal(['taken']);
  });

  it('runs as the create-armature bin, with no terminal: no question, the project and the next commands', () => {
    const result = spawnSync(process.execPath, [BIN, 'from-bin', '--ws'], { cwd: scratch, encoding: 'utf8', timeout: 20_000 });
    expect(result.status, result.stderr).to.equal(0);
    expect(result.stdout).to.contain('create-armature: created from-bin (package.json, tsconfig.json,');
    expect(result.stdout).to.contain('  npm run start:ws     # WebSocket at ws://127.0.0.1:3001/mcp');
    expect(readPackage(path.join(scratch, 'from-bin')).dependencies).to.have.property('@armature/ws');
    const version = spawnSync(process.execPath, [BIN, '--version'], { encoding: 'utf8', timeout: 20_000 });
    expect(version.stdout.trim()).to.equal(OWN_VERSION);
  });
});
