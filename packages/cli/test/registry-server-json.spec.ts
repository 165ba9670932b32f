import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { readPackageFacts } from '../src/registry/registry-config';
import { generateServerJson } from '../src/registry/server-json';
import { createFixture, removeFixture, runArmature } from './support/fixture-project';

const PACKAGE_ROOT = path.join(__dirname, '..', '..');
const SCHEMA_FILE = path.join(PACKAGE_ROOT, 'schemas', 'registry', 'server.schema.json');
const NOTES_DIR = path.join(PACKAGE_ROOT, '..', '..', 'examples', 'notes');

/** The vendored registry schema, compiled here on its own (not through the CLI's validator). */
function registryValidator(): (data: unknown) => boolean {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile(JSON.parse(fs.readFileSync(SCHEMA_FILE, 'utf8')) as object);
}

const HANDLERS = `import { Tool } from '@armature/core';
export class WeatherHandlers {
  /** Today's forecast for a city. */
  @Tool()
  forecast(city: string): string {
    return city;
  }
}
`;

function packageJson(registry: unknown, extra: object = {}): string {
  return JSON.stringify({
    name: '@acme/weather-mcp',
    version: '1.4.2',
    description: 'Forecasts for any city.',
    homepage: 'https://acme.example/weather',
    repository: { type: 'git', url: 'git+https://github.com/acme/weather.git', directory: 'servers/weather' },
    ...extra,
    ...(registry === undefined ? {} : { armature: { registry } }),
  });
}

describe('armature build: server.json for the MCP registry', () => {
  let dir: string;
  afterEach(() => removeFixture(dir));

  it('writes dist/server.json from package.json and armature.registry, valid against the registry schema', () => {
    const env = [{ name: 'WEATHER_API_KEY', description: 'Key of the forecast API.', isRequired: true, isSecret: true }];
    dir = createFixture({
      'src/weather.handlers.ts': HANDLERS,
      'package.json': packageJson({
        name: 'io.github.acme/weather',
        title: 'Weather',
        environmentVariables: env,
        remotes: [{ type: 'streamable-http', url: 'https://weather.acme.example/mcp' }],
      }),
    });
    const result = runArmature(['build', '-p', 'tsconfig.json'], dir);
    expect(result.status, result.stdout + result.stderr).to.equal(0);
    expect(result.stdout).to.contain('server.json: dist/server.json');
    const written = JSON.parse(fs.readFileSync(path.join(dir, 'dist', 'server.json'), 'utf8')) as unknown;
    const validate = registryValidator();
    expect(validate(written), JSON.stringify(written)).to.equal(true);
    expect(written).to.deep.equal({
      $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
      name: 'io.github.acme/weather',
      title: 'Weather',
      description: 'Forecasts for any city.',
      version: '1.4.2',
      websiteUrl: 'https://acme.example/weather',
      repository: { url: 'https://github.com/acme/weather', source: 'github', subfolder: 'servers/weather' },
      packages: [
        {
          registryType: 'npm',
          identifier: '@acme/weather-mcp',
          version: '1.4.2',
          transport: { type: 'stdio' },
          environmentVariables: env,
        },
      ],
      remotes: [{ type: 'streamable-http', url: 'https://weather.acme.example/mcp' }],
    });
  });

  it('refuses a registry name outside reverse-DNS form, naming the package.json field, and writes nothing', () => {
    dir = createFixture({ 'src/weather.handlers.ts': HANDLERS, 'package.json': packageJson({ name: 'weather' }) });
    const result = runArmature(['build', '-p', 'tsconfig.json'], dir);
    expect(result.status).to.equal(1);
    expect(result.stdout).to.contain('server.json would not be valid against the MCP registry schema');
    expect(result.stdout).to.match(/armature\.registry\.name: must match \^\[a-zA-Z0-9\.-\]\+\/.* \(server\.json \/name\)/);
    expect(result.stdout).to.contain('1 server.json problem');
    expect(fs.existsSync(path.join(dir, 'dist', 'server.json'))).to.equal(false);
  });

  it('names a missing registry name, an overlong description and a bad package transport', () => {
    dir = createFixture({
      'src/weather.handlers.ts': HANDLERS,
      'package.json': packageJson(
        { packages: [{ registryType: 'npm', identifier: '@acme/weather-mcp', version: '1.4.2', transport: { type: 'carrier-pigeon' } }] },
        { description: 'x'.repeat(101) },
      ),
    });
    const result = runArmature(['build', '-p', 'tsconfig.json'], dir);
    expect(result.status).to.equal(1);
    expect(result.stdout).to.contain('armature.registry.name: is required (server.json /name)');
    expect(result.stdout).to.contain('description: must NOT have more than 100 characters (server.json /description)');
    expect(result.stdout).to.contain(
      'armature.registry.packages[0].transport.type: must be one of "stdio", "streamable-http", "sse" (server.json /packages/0/transport/type)',
    );
    expect(fs.existsSync(path.join(dir, 'dist', 'server.json'))).to.equal(false);
  });

  it('writes no server.json for a package without armature.registry', () => {
    dir = createFixture({ 'src/weather.handlers.ts': HANDLERS, 'package.json': packageJson(undefined) });
    const result = runArmature(['build', '-p', 'tsconfig.json'], dir);
    expect(result.status, result.stdout).to.equal(0);
    expect(fs.existsSync(path.join(dir, 'dist', 'armature.manifest.json'))).to.equal(true);
    expect(fs.existsSync(path.join(dir, 'dist', 'server.json'))).to.equal(false);
  });

  it('leaves out the npm package of a private package, and writes the copyTo copy', () => {
    dir = createFixture({
      'src/weather.handlers.ts': HANDLERS,
      'package.json': packageJson(
        {
          name: 'io.github.acme/weather',
          remotes: [{ type: 'streamable-http', url: 'https://weather.acme.example/mcp' }],
          copyTo: 'server.json',
        },
        { private: true, repository: 'github:acme/weather' },
      ),
    });
    const result = runArmature(['build', '-p', 'tsconfig.json'], dir);
    expect(result.status, result.stdout).to.equal(0);
    const written = fs.readFileSync(path.join(dir, 'dist', 'server.json'), 'utf8');
    expect(fs.readFileSync(path.join(dir, 'server.json'), 'utf8')).to.equal(written);
    const document = JSON.parse(written) as Record<string, unknown>;
    expect(document.packages).to.equal(undefined);
    expect(document.repository).to.deep.equal({ url: 'https://github.com/acme/weather', source: 'github' });
    expect(registryValidator()(document)).to.equal(true);
  });

  it('examples/notes ships a server.json that is current and valid', () => {
    const facts = readPackageFacts(NOTES_DIR);
    expect(facts?.registry, 'examples/notes/package.json has armature.registry').to.not.equal(undefined);
    const generated = generateServerJson(facts!).document;
    const committed = JSON.parse(fs.readFileSync(path.join(NOTES_DIR, 'server.json'), 'utf8')) as unknown;
    expect(committed, 'examples/notes/server.json is stale: run npm run build in examples/notes').to.deep.equal(generated);
    expect(registryValidator()(committed)).to.equal(true);
  });
});
