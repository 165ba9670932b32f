import { expect } from 'chai';
import { parseArgs, UsageError } from '../src/args/argv-parser';

describe('armature argv (node:util parseArgs underneath)', () => {
  it('reads the command, its options in both spellings, grouped short flags and the args after --', () => {
    const parsed = parseArgs(['dev', '-p', 'tsconfig.json', '--entry=dist/main.js', '-fh', '--verbose', '--', '--http', '3000']);
    expect(parsed).to.deep.equal({
      command: 'dev',
      target: undefined,
      second: undefined,
      project: 'tsconfig.json',
      entry: 'dist/main.js',
      checkAgainst: undefined,
      out: undefined,
      tags: [],
      operations: [],
      externals: [],
      baseUrl: undefined,
      force: true,
      verbose: true,
      http: false,
      ws: false,
      redis: false,
      nestjs: false,
      strict: false,
      keepDesignMetadata: false,
      json: false,
      help: true,
      version: false,
      rest: ['--http', '3000'],
    });
  });

  it('reads --keep-design-metadata (build, dev)', () => {
    expect(parseArgs(['build', '--keep-design-metadata'])).to.include({ command: 'build', keepDesignMetadata: true });
    expect(parseArgs(['dev'])).to.include({ keepDesignMetadata: false });
    expect(() => parseArgs(['build', '--keep-design-metadata=yes'])).to.throw(UsageError, '--keep-design-metadata takes no value.');
  });

  it('takes the folder of init as its target, and refuses a second operand elsewhere', () => {
    expect(parseArgs(['init', 'my-server']).target).to.equal('my-server');
    expect(parseArgs(['init', 'my-server', '--http', '--redis'])).to.include({ target: 'my-server', http: true, ws: false, redis: true });
    expect(() => parseArgs(['build', 'extra'])).to.throw(UsageError, 'unexpected argument extra.');
  });

  it('reads openapi: the document, --out, repeated --tag and --operation, --base-url', () => {
    expect(
      parseArgs([
        'openapi',
        'spec.yaml',
        '-o',
        'src/pets',
        '--tag',
        'pet',
        '--tag=store',
        '--operation',
        'getPetById',
        '--base-url',
        'http://x',
      ]),
    ).to.deep.include({ target: 'spec.yaml', out: 'src/pets', tags: ['pet', 'store'], operations: ['getPetById'], baseUrl: 'http://x' });
    expect(() => parseArgs(['openapi', 'spec.yaml', '--tag'])).to.throw(UsageError, '--tag needs a value.');
    expect(() => parseArgs(['openapi', 'a.yaml', 'b.yaml'])).to.throw(UsageError, 'unexpected argument b.yaml.');
  });

  it('reads bundle: the compiled entry, --out and repeated --external', () => {
    const args = parseArgs(['bundle', 'dist/main.js', '-o', 'dist/server.js', '--external', 'pg-native', '--external=sharp']);
    expect(args.command).to.equal('bundle');
    expect(args.target).to.equal('dist/main.js');
    expect(args.out).to.equal('dist/server.js');
    expect(args.externals).to.deep.equal(['pg-native', 'sharp']);
    expect(() => parseArgs(['bundle', 'dist/main.js', '--external'])).to.throw(UsageError, '--external needs a value.');
    expect(() => parseArgs(['bundle', 'a.js', 'b.js'])).to.throw(UsageError, 'unexpected argument b.js.');
  });

  it('says which option is unknown or lacks its value', () => {
    expect(() => parseArgs(['build', '--nope'])).to.throw(UsageError, 'unknown option --nope.');
    expect(() => parseArgs(['build', '-p'])).to.throw(UsageError, '-p needs a value.');
    expect(() => parseArgs(['build', '--project='])).to.throw(UsageError, '--project needs a value.');
    expect(() => parseArgs(['build', '--force=yes'])).to.throw(UsageError, '--force takes no value.');
  });

  it('reads nothing after -- as its own', () => {
    expect(parseArgs(['dev', '--', '--nope', 'x']))
      .to.include({ command: 'dev', force: false })
      .and.to.have.deep.property('rest', ['--nope', 'x']);
  });
});
