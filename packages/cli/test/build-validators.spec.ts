import { createHash } from 'node:crypto';
import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fromManifestDocument, type ManifestDocument } from '@armature/schema';
import { createFixture, readJson, removeFixture, runArmature } from './support/fixture-project';

const HANDLERS = `import { Tool } from '@armature/core';

export class NotesHandlers {
  /** @minLength title 1 */
  @Tool()
  create(title: string, tags: string[] = []): string {
    return title;
  }

  /** @format from email */
  @Tool()
  rename(from: string, to: string): string {
    return to;
  }

  /** @format from email */
  @Tool()
  copy(from: string, to: string): string {
    return to;
  }
}
`;

/** What the generated module exports (core's `ValidatorsModule`). */
interface ValidatorsModule {
  readonly format: number;
  readonly manifestDigest?: string;
  readonly failed: readonly string[];
  readonly fingerprint: string;
  readonly schemas: readonly string[];
  readonly factories: readonly ((require: (id: string) => unknown) => (data: unknown) => boolean)[];
}

function loadValidators(file: string): ValidatorsModule {
  delete require.cache[file];
  return require(file) as ValidatorsModule;
}

describe('armature build: precompiled validators', () => {
  let dir: string;
  afterEach(() => removeFixture(dir));

  it('writes armature.validators.js beside the manifest, one validator per distinct tool schema the shared checker does not handle', () => {
    dir = createFixture({ 'src/notes.handlers.ts': HANDLERS });
    const result = runArmature(['build'], dir);
    expect(result.status, result.stdout + result.stderr).to.equal(0);
    expect(result.stdout).to.not.include('warning');
    const manifest = fromManifestDocument(readJson(path.join(dir, 'dist/armature.manifest.json')) as ManifestDocument);
    const methods = manifest.handlers['src/notes.handlers.js#NotesHandlers']?.methods ?? {};
    const file = path.join(dir, 'dist/armature.validators.js');
    const validators = loadValidators(file);
    expect(validators.format).to.equal(2);
    // It names the manifest bytes it speaks for, and no schema failed to compile.
    const bytes = fs.readFileSync(path.join(dir, 'dist/armature.manifest.json'));
    expect(validators.manifestDigest).to.equal(createHash('sha256').update(bytes).digest('hex'));
    expect(validators.failed).to.deep.equal([]);
    // create's schema is in the shared checker's subset: no code. rename and copy share one
    // schema text, with a format (outside the subset): it is precompiled once.
    expect(validators.schemas).to.deep.equal([JSON.stringify(methods.rename?.inputSchema)]);
    expect(JSON.stringify(methods.copy?.inputSchema)).to.equal(JSON.stringify(methods.rename?.inputSchema));
    const rename = validators.factories[0]?.(require);
    expect(rename?.({ from: 'a@b.co', to: 'x' })).to.equal(true);
    expect(rename?.({ from: 'nobody', to: 'x' })).to.equal(false);
  });

  it('keeps the file on a no-op build, following the manifest it speaks for, and restores it when it is missing', () => {
    dir = createFixture({ 'src/notes.handlers.ts': HANDLERS });
    expect(runArmature(['build'], dir).status).to.equal(0);
    const file = path.join(dir, 'dist/armature.validators.js');
    const manifest = path.join(dir, 'dist/armature.manifest.json');
    // The stamp line follows the manifest's size and modification time (a no-op build refreshes that time).
    const stampOf = (text: string) => /^exports\.manifestStamp = (".*");$/m.exec(text)?.[1];
    const withoutStamp = (text: string) => text.replace(/^exports\.manifestStamp = .*\n/m, '');
    const current = () => JSON.stringify(`${fs.statSync(manifest).size}:${fs.statSync(manifest).mtimeMs}`);
    const text = fs.readFileSync(file, 'utf8');
    expect(stampOf(text)).to.equal(current());
    expect(runArmature(['build'], dir).status).to.equal(0);
    expect(withoutStamp(fs.readFileSync(file, 'utf8'))).to.equal(withoutStamp(text));
    expect(stampOf(fs.readFileSync(file, 'utf8'))).to.equal(current());
    fs.rmSync(file);
    const again = runArmature(['build'], dir);
    expect(again.status, again.stdout).to.equal(0);
    expect(withoutStamp(fs.readFileSync(file, 'utf8'))).to.equal(withoutStamp(text));
    expect(stampOf(fs.readFileSync(file, 'utf8'))).to.equal(current());
  });
});
