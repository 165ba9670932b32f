import { expect } from 'chai';
import { bm25Scores, IndexFileSegment, MemorySegment, type SearchSegment } from '../../src/tool-search/bm25';
import { searchTokens, stem } from '../../src/tool-search/search-tokens';
import { toolTerms, type SearchableTool } from '../../src/tool-search/tool-document';
import { buildToolIndex } from '../../src/tool-search/tool-index-build';
import { resolveToolSearchOptions } from '../../src/tool-search/tool-search-options';

const CORPUS: readonly SearchableTool[] = [
  { name: 'list_notes', description: 'List every note, newest first.' },
  {
    name: 'searchNotes',
    description: 'Search notes by text.',
    inputSchema: { type: 'object', properties: { text: { type: 'string', description: 'Words to look for.' } } },
  },
  { name: 'createNote', description: 'Create a note.', paramDocs: [{ name: 'title', description: 'Short title shown in lists.' }] },
  { name: 'getWeatherForecast', description: 'Weather forecast for a city.' },
  { name: 'HTTPServerStatus', description: 'Status of the HTTP server.' },
  { name: 'constructor', description: 'A tool whose name is an Object.prototype key.' },
];

/** Scores by name over segments scored as one collection. */
function scored(segments: readonly SearchSegment[], terms: readonly string[]): Map<string, number> {
  const scores = new Map<string, number>();
  bm25Scores(segments, terms).forEach((byDoc, s) =>
    byDoc?.forEach((score, doc) => {
      const name = segments[s]?.names[doc] as string;
      if (score > 0) scores.set(name, (scores.get(name) ?? 0) + score);
    }),
  );
  return scores;
}

const fileSegment = (document = buildToolIndex(CORPUS, 'digest')): IndexFileSegment => new IndexFileSegment(() => document.body);

function rank(query: string): string[] {
  return [...scored([fileSegment()], [...new Set(searchTokens(query))])].sort((a, b) => b[1] - a[1]).map(([name]) => name);
}

describe('tool search: tokens and ranking', () => {
  it('splits camelCase, snake_case, acronyms and digits, lower-cases, stems, drops stopwords', () => {
    expect(searchTokens('getWeatherForecast')).to.deep.equal(['get', 'weather', 'forecast']);
    expect(searchTokens('HTTPServer list_notes utf8Text')).to.deep.equal(['http', 'server', 'list', 'note', 'utf', '8', 'text']);
    expect(searchTokens('Search the notes by text.')).to.deep.equal(['search', 'note', 'text']);
    expect(['updated', 'updating', 'updates', 'update'].map(stem)).to.deep.equal(['updat', 'updat', 'updat', 'updat']);
    expect(searchTokens('東京 Zürich 🎉')).to.deep.equal(['東京', 'zürich']);
    expect(searchTokens('one two three four', 2)).to.deep.equal(['one', 'two']);
    expect(searchTokens('')).to.deep.equal([]);
  });

  it('weights names over descriptions and indexes parameter names and docs', () => {
    const terms = toolTerms(CORPUS[1] as SearchableTool).terms;
    expect(terms.get('search')).to.equal(3 + 1);
    expect(terms.get('text')).to.equal(1 + 1);
    expect(terms.get('word')).to.equal(1);
    expect(toolTerms(CORPUS[2] as SearchableTool).terms.get('short')).to.equal(1);
  });

  it('ranks with BM25: the tool whose name and text match comes first', () => {
    expect(rank('search my notes')[0]).to.equal('searchNotes');
    expect(rank('create a note')[0]).to.equal('createNote');
    expect(rank('weather in Paris')[0]).to.equal('getWeatherForecast');
    expect(rank('http status')[0]).to.equal('HTTPServerStatus');
    expect(rank('constructor')).to.deep.equal(['constructor']);
    expect(rank('toString __proto__ hasOwnProperty')).to.deep.equal([]);
  });

  it('a segment made in process and a file segment rank as one collection; shadowed documents do not count', () => {
    const file = fileSegment();
    const memory = new MemorySegment();
    memory.add('bookFlight', toolTerms({ name: 'bookFlight', description: 'Book a flight ticket.' }));
    memory.add('createNote', toolTerms({ name: 'createNote', description: 'Make a flight note.' }));
    file.shadowed = new Set(['createNote']);
    const scores = scored([file, memory], ['flight', 'creat']);
    expect([...scores.keys()].sort()).to.deep.equal(['bookFlight', 'createNote']);
    const once = scores.get('createNote') as number;
    file.shadowed = undefined;
    expect(scored([file, memory], ['flight', 'creat']).get('createNote')).to.be.above(once);
  });

  it('ignores document numbers out of range in a hand-edited file; a body that does not parse counts as empty, reported once', () => {
    const { body } = buildToolIndex(CORPUS, 'digest');
    const edited = { ...body, terms: { ...body.terms, note: [99, 1, -1, 5, 1.5, 2, 'x' as unknown as number, 1] } };
    expect([...scored([new IndexFileSegment(() => edited)], ['note']).keys()]).to.deep.equal([]);
    const reported: unknown[] = [];
    const broken = new IndexFileSegment(
      () => {
        throw new Error('not JSON');
      },
      (error) => reported.push(error),
    );
    expect(broken.has('createNote')).to.equal(false);
    expect(scored([broken], ['note']).size).to.equal(0);
    expect(reported).to.have.length(1);
  });

  it('checks the options: positive integers, defaults within the maximum, pinned names', () => {
    expect(resolveToolSearchOptions(true)).to.deep.equal({
      pinned: [],
      maxResults: 20,
      defaultResults: 5,
      maxQueryLength: 1000,
      maxQueryTerms: 32,
    });
    expect(resolveToolSearchOptions({ maxResults: 3 })).to.include({ maxResults: 3, defaultResults: 3 });
    expect(resolveToolSearchOptions({ maxResults: 0 })).to.equal('"toolSearch.maxResults" must be a positive integer');
    expect(resolveToolSearchOptions({ maxResults: 2, defaultResults: 3 })).to.include('must not exceed');
    expect(resolveToolSearchOptions({ pinned: ['search_tools'] })).to.include('always listed');
    expect(resolveToolSearchOptions({ pinned: [1] })).to.include('array of tool names');
    expect(resolveToolSearchOptions('yes')).to.include('must be true or an object');
  });
});
