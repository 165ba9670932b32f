import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findDefiningFile } from '../../src/manifest/defining-file';

describe('findDefiningFile', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'armature-defining-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  function write(name: string, source: string): string {
    const file = join(dir, name);
    writeFileSync(file, source);
    return file;
  }

  it('picks the module that defines a class over one that re-exports it (a getter)', () => {
    const defining = write('a.js', 'class A {}\nexports.A = A;\n');
    const barrel = write('index-a.js', "Object.defineProperty(exports, 'A', { enumerable: true, get: () => require('./a').A });\n");
    const { A } = require(barrel) as { A: object };
    expect(findDefiningFile(A)).to.equal(defining);
  });

  it('finds a module that exports the class itself, and classes of modules loaded after an earlier lookup', () => {
    const first = write('b.js', 'class B {}\nexports.B = B;\n');
    const { B } = require(first) as { B: object };
    expect(findDefiningFile(B)).to.equal(first);
    const later = write('c.js', 'module.exports = class C {};\n');
    const C = require(later) as object;
    expect(findDefiningFile(C)).to.equal(later);
    expect(findDefiningFile(B)).to.equal(first);
  });

  it('finds the new class after its module is dropped from require.cache and loaded again (dev reload)', () => {
    const file = write('d.js', 'class D {}\nexports.D = D;\n');
    const before = (require(file) as { D: object }).D;
    expect(findDefiningFile(before)).to.equal(file);
    delete require.cache[file];
    const after = (require(file) as { D: object }).D;
    expect(after).not.to.equal(before);
    expect(findDefiningFile(after)).to.equal(file);
  });

  it('does not trust a remembered file whose module no longer exports the class', () => {
    const file = write('e.js', 'class E {}\nexports.E = E;\n');
    const mod = require(file) as { E?: object };
    const E = mod.E as object;
    expect(findDefiningFile(E)).to.equal(file);
    delete mod.E;
    expect(findDefiningFile(E)).to.equal(undefined);
  });

  it('is undefined for a class no loaded module exports, and survives a module that throws on inspection', () => {
    write('proxy.js', "module.exports = new Proxy({}, { ownKeys() { throw new Error('no'); } });\n");
    require(join(dir, 'proxy.js'));
    class NotExported {}
    expect(findDefiningFile(NotExported)).to.equal(undefined);
  });
});
