import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  fromManifestDocument,
  MANIFEST_FILE_NAME,
  serializeManifest,
  toManifestDocument,
  writeManifest,
  type ManifestDocument,
} from '../src';
import { decodeParamList } from '@armature/core/manifest';
import { scanClean } from './helpers/scan-helpers';
import { collectRefs } from './helpers/schema-assertions';

const HANDLERS = `import { Tool, Prompt } from '@armature/core';

export interface Hit { id: string; score: number }

export class Search {
  /** First. */
  @Tool() one(query: string, limit: number): Hit[] { return []; }
  /** Same parameters as one. */
  @Tool() two(query: string, limit: number): Hit[] { return []; }
  /** Different. */
  @Tool() three(id: string): Hit { return { id, score: 1 }; }
  @Tool({ inputSchema: { type: 'object' } }) explicit(args: object): string { return ''; }
  @Prompt() ask(topic: string): string { return topic; }
}

export class More {
  @Tool() four(query: string, limit: number): string { return query; }
}
`;

describe('stored manifest (format 4)', () => {
  const scanned = scanClean(HANDLERS, 'src/search.ts').manifest;
  const document = toManifestDocument(scanned);
  const search = document.handlers['src/search.js#Search']?.methods;
  const more = document.handlers['src/search.js#More']?.methods;

  it('stores each distinct schema once, in order of first use, and refers to it by index', () => {
    expect(document.armature).to.equal(4);
    // The handlers are sorted by key: More first. Its input schema equals one's and two's.
    expect(more?.four).to.include({ inputSchema: 0 });
    expect(search?.one).to.include({ inputSchema: 0, outputSchema: 1 });
    expect(search?.two).to.include({ inputSchema: 0, outputSchema: 1 });
    expect(search?.three).to.include({ inputSchema: 2, outputSchema: 3 });
    expect(document.schemas).to.have.length(4);
    // Stored as JSON texts (the runtime parses only those it uses), each the text of an object.
    const texts = document.schemas;
    expect(texts.every((text) => typeof text === 'string' && JSON.stringify(JSON.parse(text)) === text)).to.equal(true);
    expect(new Set(texts).size).to.equal(texts.length);
  });

  it('stores each distinct parameter list once and refers to it by index', () => {
    // four, one, two: (query, limit); three: (id); explicit: (args); ask: (topic).
    expect([
      more?.four.params,
      search?.one.params,
      search?.two.params,
      search?.three.params,
      search?.explicit.params,
      search?.ask.params,
    ]).to.deep.equal([0, 0, 0, 1, 2, 3]);
    // Stored as short texts (no defaults or descriptions here), which core reads back as the scanned lists.
    expect(document.paramLists).to.deep.equal(['aquery!,alimit!', 'aid!', 'dargs!', 'atopic!']);
    expect(decodeParamList(document.paramLists[0] as string)).to.deep.equal(scanned.handlers['src/search.js#More']?.methods.four?.params);
  });

  it('stores a parameter list with a default as objects, and a context parameter by its letter', () => {
    const source = `import { Tool, RequestContext } from '@armature/core';
export class Paged {
  @Tool() page(query: string, ctx: RequestContext, size = 10): string { return query; }
  @Tool() plain(query: string, ctx: RequestContext): string { return query; }
}
`;
    const manifest = scanClean(source, 'src/paged.ts').manifest;
    const stored = toManifestDocument(manifest);
    const lists = stored.paramLists;
    expect(lists[0]).to.deep.equal(manifest.handlers['src/paged.js#Paged']?.methods.page?.params);
    expect(lists[1]).to.equal('aquery!,cctx');
    expect(fromManifestDocument(stored)).to.deep.equal(manifest);
  });

  it('keeps every other field and its order, and leaves out what the decorator gives', () => {
    expect(Object.keys(search?.one ?? {})).to.deep.equal(Object.keys(scanned.handlers['src/search.js#Search']?.methods.one ?? {}));
    expect(search?.explicit).not.to.have.property('inputSchema');
    const { params: _params, ...ask } = scanned.handlers['src/search.js#Search']?.methods.ask ?? { params: [] };
    expect(search?.ask).to.deep.equal({ ...ask, params: 3 });
    const { schemas: _schemas, paramLists: _lists, handlers: _handlers, ...header } = document;
    expect(header).to.deep.equal({ armature: 4, comment: scanned.comment, generator: scanned.generator, sourceHash: scanned.sourceHash });
  });

  it('keeps every stored schema self-contained (no $ref out of a schema)', () => {
    for (const text of document.schemas) {
      for (const ref of collectRefs(JSON.parse(text))) expect(ref.startsWith('#'), ref).to.equal(true);
    }
  });

  it('expands back to the scanned manifest, and the JSON round trip changes nothing', () => {
    expect(fromManifestDocument(document)).to.deep.equal(scanned);
    const reread = JSON.parse(serializeManifest(scanned)) as ManifestDocument;
    expect(reread).to.deep.equal(document);
    expect(fromManifestDocument(reread)).to.deep.equal(scanned);
  });

  it('refuses an index outside its table when expanding', () => {
    expect(() => fromManifestDocument({ ...document, schemas: [] })).to.throw(RangeError, /inputSchema: 0 is not an index of "schemas"/);
    expect(() => fromManifestDocument({ ...document, paramLists: [] })).to.throw(RangeError, /params: 0 is not an index of "paramLists"/);
  });

  it('is written as compact JSON on one line, rewritten only when it changes', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'armature-document-'));
    try {
      const first = writeManifest(dir, scanned);
      const text = fs.readFileSync(path.join(dir, MANIFEST_FILE_NAME), 'utf8');
      expect(first.written).to.equal(true);
      expect(first.document).to.deep.equal(document);
      expect(text).to.equal(`${JSON.stringify(document)}\n`);
      expect(text.split('\n')).to.have.length(2);
      expect(writeManifest(dir, scanned).written).to.equal(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
