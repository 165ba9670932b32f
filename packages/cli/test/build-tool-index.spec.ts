import { createHash } from 'node:crypto';
import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createFixture, removeFixture, runArmature } from './support/fixture-project';

/** The index file: a header line, then the body line (postings). */
function readIndex(file: string): ToolIndex {
  const [header, body, rest] = fs.readFileSync(file, 'utf8').split('\n');
  expect(rest).to.equal('');
  return { ...(JSON.parse(header as string) as object), ...(JSON.parse(body as string) as object) } as ToolIndex;
}

const HANDLERS = `import { Tool } from '@armature/core';

export class TravelHandlers {
  /**
   * Get the weather forecast for a city.
   * @param city City name.
   */
  @Tool()
  getWeatherForecast(city: string): string {
    return city;
  }

  /** Book a flight between two airports. */
  @Tool({ name: 'book_flight' })
  book(from: string, to: string): string {
    return from + to;
  }
}
`;

interface ToolIndex {
  readonly armatureToolIndex: number;
  readonly tokenizer: number;
  readonly manifestDigest: string;
  readonly toolCount: number;
  readonly tools: readonly string[];
  readonly lengths: readonly number[];
  readonly terms: Readonly<Record<string, readonly number[]>>;
}

describe('armature build: the tool-search index', () => {
  let dir: string;
  afterEach(() => removeFixture(dir));

  it('writes armature.tool-index.json beside the manifest, bound to its bytes, with every tool', () => {
    dir = createFixture({ 'src/travel.handlers.ts': HANDLERS });
    const result = runArmature(['build'], dir);
    expect(result.status, result.stdout + result.stderr).to.equal(0);
    expect(result.stdout).to.not.include('warning');
    const index = readIndex(path.join(dir, 'dist/armature.tool-index.json'));
    const bytes = fs.readFileSync(path.join(dir, 'dist/armature.manifest.json'));
    expect(index.armatureToolIndex).to.equal(1);
    expect(index.manifestDigest).to.equal(createHash('sha256').update(bytes).digest('hex'));
    expect(index.tools).to.deep.equal(['getWeatherForecast', 'book_flight']);
    expect(index.toolCount).to.equal(2);
    // camelCase and snake_case names are split into words; JSDoc and parameter docs are indexed.
    expect(index.terms.weather?.[0]).to.equal(0);
    expect(index.terms.flight?.[0]).to.equal(1);
    // "city": in the description, the parameter's name and its doc.
    expect(index.terms.city).to.deep.equal([0, 3]);
    expect(index.terms.airport).to.deep.equal([1, 1]);
  });

  it('keeps the file on a no-op build, and restores it when it is missing', () => {
    dir = createFixture({ 'src/travel.handlers.ts': HANDLERS });
    expect(runArmature(['build'], dir).status).to.equal(0);
    const file = path.join(dir, 'dist/armature.tool-index.json');
    const text = fs.readFileSync(file, 'utf8');
    expect(runArmature(['build'], dir).status).to.equal(0);
    expect(fs.readFileSync(file, 'utf8')).to.equal(text);
    fs.rmSync(file);
    expect(runArmature(['build'], dir).status).to.equal(0);
    expect(fs.readFileSync(file, 'utf8')).to.equal(text);
    // An index another tokenizer wrote (an upgraded core) is rebuilt by a build with nothing to compile.
    const [header, body] = text.split('\n');
    fs.writeFileSync(file, `${JSON.stringify({ ...(JSON.parse(header as string) as object), tokenizer: 0 })}\n${body}\n`);
    expect(runArmature(['build'], dir).status).to.equal(0);
    expect(fs.readFileSync(file, 'utf8')).to.equal(text);
  });
});
