import { expect } from 'chai';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ArmatureError, DI_ERROR_CODES } from '../../src';

const packageRoot = join(__dirname, '..', '..', '..');
const srcDir = join(packageRoot, 'src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('DI error code registry', () => {
  const codes = Object.keys(DI_ERROR_CODES);

  it('lists codes of the ARM_ERR_ form, each with a one-line meaning', () => {
    for (const code of codes) {
      expect(code).to.match(/^ARM_ERR_[A-Z_]+$/);
      const meaning = DI_ERROR_CODES[code as keyof typeof DI_ERROR_CODES];
      expect(meaning).to.match(/^[A-Z@a-z].*\.$/);
      expect(meaning).to.not.contain('\n');
    }
  });

  it('holds every code the source raises, and the source raises every code', () => {
    const text = sources(srcDir)
      .filter((f) => !f.endsWith('di-error-codes.ts'))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const used = new Set(text.match(/ARM_ERR_[A-Z_]+/g));
    expect([...used].sort()).to.deep.equal([...codes].sort());
  });

  it('is documented: docs/di.md names every code', () => {
    const docs = readFileSync(join(packageRoot, '..', '..', 'docs', 'di.md'), 'utf8');
    for (const code of codes) expect(docs, code).to.contain(code);
  });

  it('ArmatureError keeps its code, message and cause', () => {
    const cause = new Error('inner');
    const err = new ArmatureError('ARM_ERR_UNKNOWN_TOKEN', 'text', { cause });
    expect([err.code, err.message, err.cause, err.name]).to.deep.equal(['ARM_ERR_UNKNOWN_TOKEN', 'text', cause, 'ArmatureError']);
    expect(err).to.be.instanceOf(Error);
  });
});
