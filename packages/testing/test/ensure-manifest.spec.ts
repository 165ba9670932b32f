import { expect } from 'chai';
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureManifest } from '../src';
import { requireOptionalPeer } from '../src/errors/optional-peer';
import { PACKAGE_DIR } from './support/fixture-manifest';

describe('ensureManifest', () => {
  it('makes the manifest of a project (from its folder or tsconfig) and skips the scan while it is fresh', function () {
    this.timeout(60_000);
    const file = ensureManifest(PACKAGE_DIR);
    expect(file).to.equal(join(PACKAGE_DIR, 'dist/armature.manifest.json'));
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { armature: number; handlers: Record<string, { className: string }> };
    expect(manifest.armature).to.equal(4);
    expect(Object.values(manifest.handlers).map((h) => h.className)).to.include('GreeterHandlers');
    const stamp = statSync(file).mtimeMs;
    expect(ensureManifest(join(PACKAGE_DIR, 'tsconfig.json'))).to.equal(file);
    expect(statSync(file).mtimeMs).to.equal(stamp);
  });

  it('rewrites a manifest left by an older build (another format) even when it is newer than the code', function () {
    this.timeout(60_000);
    const file = ensureManifest(PACKAGE_DIR);
    const current = readFileSync(file, 'utf8');
    const old = { ...(JSON.parse(current) as object), armature: 1 };
    writeFileSync(file, JSON.stringify(old));
    const future = new Date(Date.now() + 60_000);
    utimesSync(file, future, future);
    expect(ensureManifest(PACKAGE_DIR)).to.equal(file);
    expect(readFileSync(file, 'utf8')).to.equal(current);
  });

  it('fails clearly when an optional peer is missing', () => {
    expect(() => requireOptionalPeer('@armature/not-installed', 'someHelper')).to.throw(
      /ARM_ERR_OPTIONAL_PEER_MISSING: someHelper needs @armature\/not-installed, which is not installed\. Install it: npm install --save-dev @armature\/not-installed/,
    );
  });
});
