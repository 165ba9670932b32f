import { expect } from 'chai';
import { checkManifest } from '../../src/manifest/manifest-format';
import { builtManifest, manifestFor } from '../app/support/manifest-builder';

const QUERY = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'], additionalProperties: false };
const params = [{ index: 0, name: 'q', role: 'argument', required: true }] as const;

const inline = manifestFor({
  Search: {
    one: { kind: 'tool', params: [...params], inputSchema: { ...QUERY } },
    two: { kind: 'tool', params: [...params], inputSchema: { ...QUERY }, outputSchema: { type: 'object' } },
    note: { kind: 'resourceTemplate', params: [{ index: 0, name: 'id', role: 'variable' }] },
  },
});
const built = builtManifest(inline);
const KEY = 'test/Search.js#Search';

function copy(value: object): object {
  return JSON.parse(JSON.stringify(value)) as object;
}

function errorOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}

describe('checkManifest', () => {
  it('loads the built form: shared parameter lists in place, schemas by index into one table', () => {
    const loaded = checkManifest(JSON.parse(JSON.stringify(built)), 'm.json', 'file');
    const methods = loaded.handlers[KEY]?.methods;
    expect(built.paramLists).to.deep.equal(['aq!', 'vid']);
    expect(methods?.one?.params.items).to.deep.equal(params);
    expect(methods?.one?.params).to.equal(methods?.two?.params);
    expect(methods?.one?.inputSchema).to.equal(0).and.to.equal(methods?.two?.inputSchema);
    expect(loaded.schemas.size).to.equal(2);
    expect(loaded.schemas.get(0)).to.deep.equal(QUERY);
    expect(Object.isFrozen(loaded.schemas.get(0).properties)).to.equal(true);
    expect(loaded.schemas.get(0)).to.equal(loaded.schemas.get(0));
  });

  it('loads the inline form passed in code, each schema object as one table entry', () => {
    const loaded = checkManifest(inline, 'code', 'code');
    const methods = loaded.handlers[KEY]?.methods;
    expect(methods?.one?.inputSchema).to.equal(0);
    expect(methods?.two).to.include({ inputSchema: 1, outputSchema: 2 });
    expect(loaded.schemas.get(1)).to.deep.equal(QUERY);
    expect(methods?.note?.params.items).to.deep.equal([{ index: 0, name: 'id', role: 'variable' }]);
  });

  it('reads format 3 (every parameter list as objects) and format 4 lists stored as objects', () => {
    const objects = [[...params], [{ index: 0, name: 'id', role: 'variable' }]];
    for (const armature of [3, 4]) {
      const loaded = checkManifest(JSON.parse(JSON.stringify({ ...built, armature, paramLists: objects })), 'm.json', 'file');
      expect(loaded.handlers[KEY]?.methods.one?.params.items, `format ${armature}`).to.deep.equal(params);
      expect(loaded.handlers[KEY]?.methods.note?.params.indexOfRole('variable'), `format ${armature}`).to.equal(0);
    }
    // A text is a format 4 list only: format 3 holds objects.
    expect(errorOf(() => checkManifest({ ...built, armature: 3 }, 'm.json'))).to.include('"paramLists"[0] is not an array');
  });

  it('refuses the inline form from a file, and unknown versions, asking for armature build', () => {
    expect(errorOf(() => checkManifest(inline, 'old.json', 'file'))).to.equal(
      'Invalid manifest old.json: format version 1, written by an older armature build; this runtime reads versions 2 to 4. Regenerate it with `armature build`.',
    );
    expect(errorOf(() => checkManifest({ ...built, armature: 5 }, 'new.json', 'code'))).to.equal(
      'Invalid manifest new.json: format version 5; this runtime reads versions 2 to 4. Regenerate it with `armature build`.',
    );
  });

  it('loads typed elicitation forms by key, built (schema by index) or inline (schema in place)', () => {
    const FORM = { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] };
    const withForm = { ...inline, elicitForms: { confirm: { source: 'src/a.ts:3:5', schema: FORM } } };
    for (const [value, from] of [
      [JSON.parse(JSON.stringify(builtManifest(withForm))), 'file'],
      [withForm, 'code'],
    ] as const) {
      const loaded = checkManifest(value, 'm.json', from);
      const form = loaded.elicitForms.get('confirm');
      expect(form?.source).to.equal('src/a.ts:3:5');
      expect(loaded.schemas.get(form?.schema ?? -1)).to.deep.equal(FORM);
    }
    expect(checkManifest(built, 'm.json', 'code').elicitForms.size).to.equal(0);
  });

  it('names what is wrong in a damaged built manifest', () => {
    const method = built.handlers[KEY]?.methods.one;
    const withMethod = (patch: object): object => ({
      ...built,
      handlers: { [KEY]: { className: 'Search', methods: { one: { ...method, ...patch } } } },
    });
    const cases: [object, string][] = [
      [{ ...built, paramLists: undefined }, '"paramLists" is not an array'],
      [{ ...built, paramLists: [[{ index: 0, name: 'q' }]] }, '"paramLists"[0] has a parameter without a valid index, name and role'],
      [{ ...built, paramLists: ['aq!', 'a q'] }, '"paramLists"[1] is not a parameter list text (like "aquery!,alimit?,cctx")'],
      [{ ...built, paramLists: ['xq'] }, '"paramLists"[0] is not a parameter list text'],
      [{ ...built, schemas: [JSON.stringify(QUERY), 'x'] }, '"schemas"[1] is not the JSON text of an object'],
      [{ ...built, schemas: [QUERY] }, '"schemas"[0] is not the JSON text of an object'],
      [{ ...built, armature: 2, schemas: [QUERY, 'x'] }, '"schemas"[1] is not an object'],
      [withMethod({ params: 9 }), `${KEY} method "one" "params" is not an index of "paramLists"`],
      [withMethod({ outputSchema: -1 }), `${KEY} method "one" "outputSchema" is not an index of "schemas"`],
      [withMethod({ kind: 'widget' }), `${KEY} method "one" has no valid "kind"`],
      // Copies: a file's manifest is loaded in place, and these get past the handlers.
      [copy({ ...built, elicitForms: [] }), '"elicitForms" is not an object'],
      [copy({ ...built, elicitForms: { confirm: 1 } }), '"elicitForms" "confirm" is not an object'],
      [copy({ ...built, elicitForms: { confirm: { schema: 7 } } }), '"elicitForms" "confirm" "schema" is not an index of "schemas"'],
    ];
    for (const [value, why] of cases) expect(errorOf(() => checkManifest(value, 'm.json'))).to.include(why);
  });

  it('keeps methods named __proto__ and toString as own keys (keys are data)', () => {
    const text = JSON.stringify(built).replace('"one":', '"__proto__":').replace('"two":', '"toString":');
    for (const from of ['file', 'code'] as const) {
      const loaded = checkManifest(JSON.parse(text), 'm.json', from);
      const methods = loaded.handlers[KEY]?.methods ?? {};
      expect(Object.keys(methods), from).to.deep.equal(['__proto__', 'toString', 'note']);
      expect(Object.getPrototypeOf(methods), from).to.equal(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(methods, '__proto__')?.value.kind, from).to.equal('tool');
    }
  });
});
