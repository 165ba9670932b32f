import { expect } from 'chai';
import { canonicalJson, MANIFEST_COMMENT, schemaFingerprint, type JsonSchema } from '../src';
import { scanClean } from './helpers/scan-helpers';

const NOTES = `import { Tool, Prompt, Resource, ResourceTemplate, RequestContext } from '@armature/core';

export interface Note { title: string; body: string; tags: string[] }

export class NotesHandlers {
  /**
   * Create a note.
   * @param title Short title shown in lists.
   * @param tags Free-form labels.
   * @maxItems tags 5
   */
  @Tool({ annotations: { destructiveHint: false } })
  create(title: string, body: string, tags: string[] = []): Note {
    return { title, body, tags };
  }

  /** Search notes by text. */
  @Tool({ description: 'Full-text search.' })
  async search(query: string, ctx: RequestContext): Promise<Note[]> {
    return [];
  }

  @Resource('notes://index', { mimeType: 'application/json' })
  index(): Note[] {
    return [];
  }

  /** One note as markdown. */
  @ResourceTemplate('notes://{id}', { mimeType: 'text/markdown' })
  note(id: string): string {
    return id;
  }

  /**
   * Summarize a note.
   * @param id The note to summarize.
   */
  @Prompt()
  summarize(id: string, style?: 'short' | 'long'): string {
    return id;
  }
}
`;

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

const noteSchema = {
  type: 'object',
  properties: { title: { type: 'string' }, body: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
  required: ['body', 'tags', 'title'],
};

describe('manifest shape', () => {
  it('writes format version 1 with the documented fields, keyed by compiled path and class', () => {
    const result = scanClean(NOTES, 'src/notes.handlers.ts');
    const { manifest } = result;
    expect(manifest.armature).to.equal(1);
    expect(manifest.comment).to.equal(MANIFEST_COMMENT);
    expect(manifest.generator).to.match(/^@armature\/schema \d+\.\d+\.\d+/);
    expect(manifest.sourceHash).to.match(/^sha256-[0-9a-f]{64}$/);
    expect(Object.keys(manifest.handlers)).to.deep.equal(['src/notes.handlers.js#NotesHandlers']);
    // The fingerprint hashes the tool's two schemas, whatever their key order.
    const fingerprintOf = (method: string): string => {
      const entry = manifest.handlers['src/notes.handlers.js#NotesHandlers']?.methods[method];
      return schemaFingerprint(entry?.inputSchema, entry?.outputSchema);
    };
    expect(fingerprintOf('create')).to.match(/^sha256-[0-9a-f]{32}$/);
    const create = manifest.handlers['src/notes.handlers.js#NotesHandlers']?.methods.create;
    const reordered = JSON.parse(canonicalJson(create?.inputSchema)) as JsonSchema;
    expect(Object.keys(reordered)).to.not.deep.equal(Object.keys(create?.inputSchema ?? {}));
    expect(schemaFingerprint(reordered, create?.outputSchema)).to.equal(fingerprintOf('create'));
    expect(fingerprintOf('search')).to.not.equal(fingerprintOf('create'));
    expect(manifest.handlers['src/notes.handlers.js#NotesHandlers']).to.deep.equal({
      className: 'NotesHandlers',
      source: 'src/notes.handlers.ts:5',
      methods: {
        create: {
          kind: 'tool',
          name: 'create',
          fingerprint: fingerprintOf('create'),
          description: 'Create a note.',
          argumentStyle: 'positional',
          params: [
            { index: 0, name: 'title', role: 'argument', required: true },
            { index: 1, name: 'body', role: 'argument', required: true },
            { index: 2, name: 'tags', role: 'argument', required: false, default: [] },
          ],
          inputSchema: {
            $schema: DIALECT,
            type: 'object',
            properties: {
              title: { type: 'string', description: 'Short title shown in lists.' },
              body: { type: 'string' },
              tags: { type: 'array', items: { type: 'string' }, description: 'Free-form labels.', default: [], maxItems: 5 },
            },
            required: ['title', 'body'],
            additionalProperties: false,
          },
          outputSchema: { $schema: DIALECT, ...noteSchema },
          outputWrapped: false,
        },
        search: {
          kind: 'tool',
          name: 'search',
          fingerprint: fingerprintOf('search'),
          description: 'Full-text search.',
          argumentStyle: 'positional',
          params: [
            { index: 0, name: 'query', role: 'argument', required: true },
            { index: 1, name: 'ctx', role: 'context' },
          ],
          inputSchema: {
            $schema: DIALECT,
            type: 'object',
            properties: { query: { type: 'string' } },
            required: ['query'],
            additionalProperties: false,
          },
          outputSchema: {
            $schema: DIALECT,
            type: 'object',
            properties: { result: { type: 'array', items: noteSchema } },
            required: ['result'],
          },
          outputWrapped: true,
        },
        index: { kind: 'resource', uri: 'notes://index', params: [] },
        note: {
          kind: 'resourceTemplate',
          uri: 'notes://{id}',
          description: 'One note as markdown.',
          params: [{ index: 0, name: 'id', role: 'variable', required: true }],
        },
        summarize: {
          kind: 'prompt',
          name: 'summarize',
          description: 'Summarize a note.',
          params: [
            { index: 0, name: 'id', role: 'argument', required: true },
            { index: 1, name: 'style', role: 'argument', required: false },
          ],
          arguments: [
            { name: 'id', description: 'The note to summarize.', required: true },
            { name: 'style', required: false },
          ],
        },
      },
    });
  });

  it('changes the source hash when a source changes, and only then', () => {
    const a = scanClean(NOTES, 'src/notes.handlers.ts').manifest.sourceHash;
    const b = scanClean(NOTES, 'src/notes.handlers.ts').manifest.sourceHash;
    const c = scanClean(`${NOTES}\n// edited\n`, 'src/notes.handlers.ts').manifest.sourceHash;
    expect(a).to.equal(b);
    expect(c).not.to.equal(a);
  });

  it('writes no schema the decorator gives explicitly, and passes the whole arguments object to a single parameter', () => {
    const result = scanClean(`import { Tool, Prompt, RequestContext } from '@armature/core';
export class H {
  @Tool({ inputSchema: { type: 'object' }, outputSchema: { type: 'object' } })
  raw(args: { a: string }, ctx: RequestContext): { b: number } { return { b: 1 }; }

  @Tool({ inputSchema: { type: 'object', properties: { q: { type: 'string' } } } })
  named(q: string): string { return q; }

  @Prompt({ arguments: [{ name: 'q', required: true }] })
  explicit(args: Record<string, string>): string { return args.q ?? ''; }
}
`);
    const methods = result.manifest.handlers['src/handlers.js#H']?.methods;
    expect(methods?.raw).to.deep.equal({
      kind: 'tool',
      name: 'raw',
      argumentStyle: 'dto',
      params: [
        { index: 0, name: 'args', role: 'dto', required: true },
        { index: 1, name: 'ctx', role: 'context' },
      ],
    });
    expect(methods?.named).to.deep.include({
      argumentStyle: 'positional',
      params: [{ index: 0, name: 'q', role: 'argument', required: true }],
    });
    expect(methods?.named).not.to.have.property('inputSchema');
    expect(methods?.explicit).to.deep.equal({
      kind: 'prompt',
      name: 'explicit',
      params: [{ index: 0, name: 'args', role: 'dto', required: true }],
    });
  });
});
