import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMarkdownSamples } from '@armature/testing';
import { EngineErrorCode } from '../../src/errors/engine-error-codes';
import { LocalErrorCode } from '../../src/errors/local-error-codes';
import { WireErrorCode } from '../../src/errors/wire-error-codes';

const REPO = join(__dirname, '../../../../..');
const README_FILE = join(REPO, 'packages/core/README.md');
const TRANSPORTS_FILE = join(REPO, 'docs/transports.md');
const README = readFileSync(README_FILE, 'utf8');
const TRANSPORTS = readFileSync(TRANSPORTS_FILE, 'utf8');

describe('engine documentation', () => {
  it('compiles every ts example of the core README and docs/transports.md (strict)', function () {
    this.timeout(120_000);
    const { samples, diagnostics } = compileMarkdownSamples([README_FILE, TRANSPORTS_FILE], {
      workDir: join(REPO, 'packages/core/dist/.engine-docs-examples'),
    });
    expect(samples.length).to.be.at.least(3);
    expect(diagnostics).to.deep.equal([]);
  });

  it('lists every wire error code with its name in the README table', () => {
    for (const [name, code] of Object.entries(WireErrorCode)) {
      expect(README, `${name} ${code}`).to.match(new RegExp(`\\| ${code} \\| \`${name}\` \\|`));
    }
  });

  it('names every engine error code in the README, and only codes that exist', () => {
    for (const code of Object.values(EngineErrorCode)) expect(README, code).to.contain(code);
    // The transports page also names app-level codes (app.listen()'s), which include the engine's.
    const known = new Set<string>(Object.values(LocalErrorCode));
    const mentioned = [...new Set([...(README.match(/ARM_ERR_[A-Z_]+/g) ?? []), ...(TRANSPORTS.match(/ARM_ERR_[A-Z_]+/g) ?? [])])];
    expect(mentioned.filter((code) => !known.has(code))).to.deep.equal([]);
  });
});
