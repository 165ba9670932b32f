import { expect } from 'chai';
import * as ts from 'typescript';
import { OutputPaths, templateVariables } from '../src';
import { DefsPool } from '../src/convert/defs-pool';
import { parseKeywordValue } from '../src/scan/keyword-values';

describe('templateVariables', () => {
  it('reads RFC 6570 variables with operators, prefixes and explode', () => {
    expect(templateVariables('notes://{id}/{+path}{?q,lang}{#frag}{/seg*}{name:3}')).to.deep.equal([
      { name: 'id', explode: false },
      { name: 'path', explode: false },
      { name: 'q', explode: false },
      { name: 'lang', explode: false },
      { name: 'frag', explode: false },
      { name: 'seg', explode: true },
      { name: 'name', explode: false },
    ]);
    expect(templateVariables('static://x')).to.deep.equal([]);
  });
});

describe('parseKeywordValue', () => {
  it('parses numbers, counts, booleans, JSON and text', () => {
    expect(parseKeywordValue('minimum', '-1.5')).to.deep.equal({ ok: true, value: -1.5 });
    expect(parseKeywordValue('maxLength', '3')).to.deep.equal({ ok: true, value: 3 });
    expect(parseKeywordValue('uniqueItems', '')).to.deep.equal({ ok: true, value: true });
    expect(parseKeywordValue('default', '{"a":1}')).to.deep.equal({ ok: true, value: { a: 1 } });
    expect(parseKeywordValue('default', 'hello')).to.deep.equal({ ok: true, value: 'hello' });
    expect(parseKeywordValue('examples', '"x"')).to.deep.equal({ ok: true, value: ['x'] });
  });

  it('rejects bad values with a reason', () => {
    expect(parseKeywordValue('maxLength', '-1')).to.deep.equal({ ok: false, reason: 'expects a whole number of 0 or more, got "-1"' });
    expect(parseKeywordValue('multipleOf', '0')).to.deep.equal({ ok: false, reason: 'expects a number above 0, got 0' });
    expect(parseKeywordValue('pattern', '(')).to.include({ ok: false });
  });
});

describe('OutputPaths', () => {
  it('maps sources under rootDir into outDir with the emitted extension', () => {
    const paths = new OutputPaths({ rootDir: '/p', outDir: '/p/dist' }, ['/p/src/a.ts']);
    expect(paths.jsFileOf('/p/src/a.ts')).to.equal('/p/dist/src/a.js');
    expect(paths.jsFileOf('/p/src/b.mts')).to.equal('/p/dist/src/b.mjs');
    expect(paths.jsFileOf('/p/src/c.cts')).to.equal('/p/dist/src/c.cjs');
  });

  it('uses the common source folder without rootDir, the tsconfig folder for composite projects', () => {
    const common = new OutputPaths({ outDir: '/p/dist' }, ['/p/src/a.ts', '/p/src/x/b.ts']);
    expect(common.jsFileOf('/p/src/x/b.ts')).to.equal('/p/dist/x/b.js');
    const composite = new OutputPaths({ outDir: '/p/dist', composite: true, configFilePath: '/p/tsconfig.json' }, ['/p/src/a.ts']);
    expect(composite.jsFileOf('/p/src/a.ts')).to.equal('/p/dist/src/a.js');
    const beside = new OutputPaths({ jsx: ts.JsxEmit.Preserve }, ['/p/a.tsx']);
    expect(beside.jsFileOf('/p/a.tsx')).to.equal('/p/a.jsx');
  });
});

describe('DefsPool', () => {
  it('shares identical definitions and renames clashing ones', () => {
    const pool = new DefsPool();
    const a = pool.add({
      schema: { $ref: '#/$defs/Node' },
      defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } },
    });
    const same = pool.add({
      schema: { $ref: '#/$defs/Node' },
      defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } },
    });
    const other = pool.add({ schema: { $ref: '#/$defs/Node' }, defs: { Node: { type: 'array', items: { $ref: '#/$defs/Node' } } } });
    expect(a).to.deep.equal({ $ref: '#/$defs/Node' });
    expect(same).to.deep.equal({ $ref: '#/$defs/Node' });
    expect(other).to.deep.equal({ $ref: '#/$defs/Node_2' });
    expect(pool.attachTo({ type: 'object' })).to.deep.equal({
      type: 'object',
      $defs: {
        Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } },
        Node_2: { type: 'array', items: { $ref: '#/$defs/Node_2' } },
      },
    });
  });
});
