import { expect } from 'chai';
import { ParamList } from '../../src/manifest/param-list';
import { PARAM_LIST_TEXT, decodeParamList, encodeParamList, visitParamList } from '../../src/manifest/param-list-text';
import { ScannedSource } from '../../src/routes/scanned-source';
import type { LoadedMethod } from '../../src/manifest/manifest-format';

const LIST = [
  { index: 0, name: 'query', role: 'argument', required: true },
  { index: 1, name: 'limit', role: 'argument', required: false },
  { index: 2, name: 'ctx', role: 'context' },
  { index: 3, name: '$id_2', role: 'variable', required: true },
] as const;

describe('parameter list texts (manifest format 4)', () => {
  it('encodes a list as its short text and decodes it back to equal parameters', () => {
    const text = encodeParamList(LIST);
    expect(text).to.equal('aquery!,alimit?,cctx,v$id_2!');
    expect(PARAM_LIST_TEXT.test(text as string)).to.equal(true);
    expect(decodeParamList(text as string)).to.deep.equal(LIST);
    expect(encodeParamList([])).to.equal('');
    expect(decodeParamList('')).to.deep.equal([]);
    expect(encodeParamList([{ index: 0, name: 'body', role: 'dto', required: true }])).to.equal('dbody!');
  });

  it('leaves as objects a list with a default, a description, a gap, an unknown key or a name that is not an ASCII identifier', () => {
    const lists: object[][] = [
      [{ index: 0, name: 'tags', role: 'argument', required: false, default: [] }],
      [{ index: 0, name: 'q', role: 'argument', required: true, description: 'Text.' }],
      [{ index: 1, name: 'q', role: 'argument', required: true }],
      [{ index: 0, name: 'q', role: 'argument', required: true, extra: 1 }],
      [{ index: 0, name: 'café', role: 'argument', required: true }],
      [{ index: 0, name: 'a,b', role: 'argument', required: true }],
      [{ index: 0, name: 'q', role: 'widget' }],
      [{ index: 0, name: 'q', role: 'argument', required: 'yes' }],
    ];
    for (const list of lists) expect(encodeParamList(list), JSON.stringify(list)).to.equal(undefined);
  });

  it('accepts only well-formed texts', () => {
    for (const good of ['', 'aq', 'aq!', 'aq?,cctx', 'd_x!,v$y']) expect(PARAM_LIST_TEXT.test(good), good).to.equal(true);
    for (const bad of [',', 'aq,', 'q!', 'a1q', 'aq!!', 'a q', 'aq,,cctx', 'xq', 'aq!x'])
      expect(PARAM_LIST_TEXT.test(bad), bad).to.equal(false);
  });

  it('answers count and role positions from the text without decoding it, the same as from objects', () => {
    const fromText = new ParamList('aquery!,alimit?,cctx,dbody!');
    const fromObjects = new ParamList(decodeParamList('aquery!,alimit?,cctx,dbody!'));
    for (const list of [fromText, fromObjects]) {
      expect(list.length).to.equal(4);
      expect(list.indexOfRole('context')).to.equal(2);
      expect(list.indexOfRole('dto')).to.equal(3);
      expect(list.indexOfRole('argument')).to.equal(0);
      expect(list.indexOfRole('variable')).to.equal(-1);
    }
    expect(new ParamList('').length).to.equal(0);
    expect(new ParamList('dx').indexOfRole('dto')).to.equal(0);
    expect(fromText.items).to.deep.equal(fromObjects.items);
    expect(fromText.items).to.equal(fromText.items);
    expect(Object.isFrozen(fromText.items)).to.equal(true);
  });

  it('visits each parameter of a text (role letter, name) in order, and binds the same call slots as the decoded list', () => {
    const seen: string[] = [];
    visitParamList('aquery!,alimit?,cctx,v$id_2!,dbody,an', (letter, name) => seen.push(`${letter}:${name}`));
    expect(seen).to.deep.equal(['a:query', 'a:limit', 'c:ctx', 'v:$id_2', 'd:body', 'a:n']);
    visitParamList('', () => seen.push('none'));
    expect(seen).to.have.length(6);
    const slotsOf = (list: ParamList): unknown =>
      new ScannedSource(
        'T.m',
        {} as never,
        undefined,
        () => undefined,
        {} as never,
        { params: list } as unknown as LoadedMethod,
        {} as never,
        undefined,
        undefined,
        new Map(),
        {},
      ).slots;
    const text = 'aquery!,alimit?,cctx,v$id_2!,dbody';
    const fromText = slotsOf(new ParamList(text));
    expect(fromText).to.deep.equal(slotsOf(new ParamList(decodeParamList(text))));
    expect(fromText).to.deep.equal([
      { kind: 'arg', name: 'query' },
      { kind: 'arg', name: 'limit' },
      { kind: 'ctx' },
      { kind: 'arg', name: '$id_2' },
      { kind: 'whole' },
    ]);
    expect(Object.isFrozen(fromText)).to.equal(true);
  });
});
