import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { JsonSchema, ManifestPromptArgument } from '@armature/schema';
import { diffManifests, type ManifestChange } from '../src/diff/manifest-diff';
import type { ManifestSurface, SurfaceTool } from '../src/diff/manifest-surface';

const CLI_DOC = path.join(__dirname, '..', '..', '..', '..', 'docs', 'cli.md');

/** A closed input object (what the scanner writes for positional parameters). */
function input(properties: Record<string, JsonSchema>, required: string[] = Object.keys(properties)): JsonSchema {
  return { type: 'object', properties, required, additionalProperties: false };
}

/** An open output object (what the scanner writes for a return type). */
function output(properties: Record<string, JsonSchema>, required: string[] = Object.keys(properties)): JsonSchema {
  return { type: 'object', properties, required };
}

interface Parts {
  readonly tools?: readonly (Partial<SurfaceTool> & { name: string })[];
  readonly resources?: readonly string[];
  readonly templates?: readonly { uri: string; id: string }[];
  readonly prompts?: readonly { name: string; arguments: ManifestPromptArgument[] }[];
}

function surface(parts: Parts): ManifestSurface {
  return {
    tools: new Map((parts.tools ?? []).map((t) => [t.name, { id: `h.js#H.${t.name}`, ...t }])),
    resources: new Map((parts.resources ?? []).map((uri) => [uri, { uri, id: `h.js#H.${uri}` }])),
    templates: new Map((parts.templates ?? []).map((t) => [t.uri, t])),
    prompts: new Map((parts.prompts ?? []).map((p) => [p.name, { id: `h.js#H.${p.name}`, ...p }])),
  };
}

const Q = { type: 'string' } as const;

/** One hand-picked change: the manifests before and after, the verdict, and the label of the change that decides it. */
interface Case {
  readonly title: string;
  readonly before: Parts;
  readonly after: Parts;
  readonly verdict: 'breaking' | 'compatible';
  readonly label: string;
}

const tool = (i: JsonSchema, o?: JsonSchema, extra: Partial<SurfaceTool> = {}): Parts => ({
  tools: [{ name: 'search', inputSchema: i, ...(o ? { outputSchema: o } : {}), ...extra }],
});

export const CASES: readonly Case[] = [
  { title: 'tool removed', before: tool(input({ q: Q })), after: {}, verdict: 'breaking', label: 'tool.removed' },
  {
    title: 'tool renamed (same method, new name)',
    before: tool(input({ q: Q })),
    after: { tools: [{ name: 'find', id: 'h.js#H.search', inputSchema: input({ q: Q }) }] },
    verdict: 'breaking',
    label: 'tool.renamed',
  },
  { title: 'tool added', before: {}, after: tool(input({ q: Q })), verdict: 'compatible', label: 'tool.added' },
  {
    title: 'new optional input',
    before: tool(input({ q: Q })),
    after: tool(input({ q: Q, limit: { type: 'integer' } }, ['q'])),
    verdict: 'compatible',
    label: 'input.property-added',
  },
  {
    title: 'new required input',
    before: tool(input({ q: Q })),
    after: tool(input({ q: Q, limit: { type: 'integer' } })),
    verdict: 'breaking',
    label: 'input.required-added',
  },
  {
    title: 'input removed',
    before: tool(input({ q: Q, limit: { type: 'integer' } }, ['q'])),
    after: tool(input({ q: Q })),
    verdict: 'breaking',
    label: 'input.property-removed',
  },
  {
    title: 'optional input made required',
    before: tool(input({ q: Q, limit: { type: 'integer' } }, ['q'])),
    after: tool(input({ q: Q, limit: { type: 'integer' } })),
    verdict: 'breaking',
    label: 'input.required',
  },
  {
    title: 'required input made optional',
    before: tool(input({ q: Q, limit: { type: 'integer' } })),
    after: tool(input({ q: Q, limit: { type: 'integer' } }, ['q'])),
    verdict: 'compatible',
    label: 'input.required',
  },
  {
    title: 'input type narrowed (number to integer)',
    before: tool(input({ n: { type: 'number' } })),
    after: tool(input({ n: { type: 'integer' } })),
    verdict: 'breaking',
    label: 'input.type',
  },
  {
    title: 'input type widened (integer to number)',
    before: tool(input({ n: { type: 'integer' } })),
    after: tool(input({ n: { type: 'number' } })),
    verdict: 'compatible',
    label: 'input.type',
  },
  {
    title: 'input made nullable',
    before: tool(input({ q: Q })),
    after: tool(input({ q: { type: ['string', 'null'] } })),
    verdict: 'compatible',
    label: 'input.type',
  },
  {
    title: 'input enum value removed',
    before: tool(input({ s: { type: 'string', enum: ['a', 'b'] } })),
    after: tool(input({ s: { type: 'string', enum: ['a'] } })),
    verdict: 'breaking',
    label: 'input.enum',
  },
  {
    title: 'input titled option removed',
    before: tool(
      input({
        s: {
          type: 'string',
          oneOf: [
            { const: 'a', title: 'A' },
            { const: 'b', title: 'B' },
          ],
        },
      }),
    ),
    after: tool(input({ s: { type: 'string', oneOf: [{ const: 'a', title: 'A' }] } })),
    verdict: 'breaking',
    label: 'input.enum',
  },
  {
    title: 'input enum value added',
    before: tool(input({ s: { type: 'string', enum: ['a'] } })),
    after: tool(input({ s: { type: 'string', enum: ['a', 'b'] } })),
    verdict: 'compatible',
    label: 'input.enum',
  },
  {
    title: 'input minLength raised',
    before: tool(input({ q: { type: 'string', minLength: 1 } })),
    after: tool(input({ q: { type: 'string', minLength: 3 } })),
    verdict: 'breaking',
    label: 'input.minLength',
  },
  {
    title: 'input maximum raised',
    before: tool(input({ n: { type: 'integer', maximum: 10 } })),
    after: tool(input({ n: { type: 'integer', maximum: 100 } })),
    verdict: 'compatible',
    label: 'input.maximum',
  },
  {
    title: 'input pattern added',
    before: tool(input({ q: Q })),
    after: tool(input({ q: { type: 'string', pattern: '^[a-z]+$' } })),
    verdict: 'breaking',
    label: 'input.pattern',
  },
  {
    title: 'input accepts other properties',
    before: tool(input({ q: Q })),
    after: tool({ type: 'object', properties: { q: Q }, required: ['q'] }),
    verdict: 'compatible',
    label: 'input.additionalProperties',
  },
  {
    title: 'nested input property made required',
    before: tool(input({ o: { type: 'object', properties: { a: Q }, additionalProperties: false } })),
    after: tool(input({ o: { type: 'object', properties: { a: Q }, required: ['a'], additionalProperties: false } })),
    verdict: 'breaking',
    label: 'input.required',
  },
  {
    title: 'input array items narrowed',
    before: tool(input({ tags: { type: 'array', items: { type: ['string', 'number'] } } })),
    after: tool(input({ tags: { type: 'array', items: { type: 'string' } } })),
    verdict: 'breaking',
    label: 'input.type',
  },
  {
    title: 'input union changed (not comparable)',
    before: tool(input({ v: { oneOf: [Q, { type: 'number' }] } })),
    after: tool(input({ v: { oneOf: [Q, { type: 'boolean' }] } })),
    verdict: 'breaking',
    label: 'input.oneOf',
  },
  {
    title: 'output property removed',
    before: tool(input({ q: Q }), output({ id: Q, title: Q })),
    after: tool(input({ q: Q }), output({ id: Q })),
    verdict: 'breaking',
    label: 'output.property-removed',
  },
  {
    title: 'new output property',
    before: tool(input({ q: Q }), output({ id: Q })),
    after: tool(input({ q: Q }), output({ id: Q, title: Q })),
    verdict: 'compatible',
    label: 'output.property-added',
  },
  {
    title: 'output property made optional',
    before: tool(input({ q: Q }), output({ id: Q, title: Q })),
    after: tool(input({ q: Q }), output({ id: Q, title: Q }, ['id'])),
    verdict: 'breaking',
    label: 'output.required',
  },
  {
    title: 'output property made required',
    before: tool(input({ q: Q }), output({ id: Q, title: Q }, ['id'])),
    after: tool(input({ q: Q }), output({ id: Q, title: Q })),
    verdict: 'compatible',
    label: 'output.required',
  },
  {
    title: 'output type widened (integer to number)',
    before: tool(input({ q: Q }), output({ n: { type: 'integer' } })),
    after: tool(input({ q: Q }), output({ n: { type: 'number' } })),
    verdict: 'breaking',
    label: 'output.type',
  },
  {
    title: 'output enum value added',
    before: tool(input({ q: Q }), output({ s: { type: 'string', enum: ['a'] } })),
    after: tool(input({ q: Q }), output({ s: { type: 'string', enum: ['a', 'b'] } })),
    verdict: 'breaking',
    label: 'output.enum',
  },
  {
    title: 'output enum value removed',
    before: tool(input({ q: Q }), output({ s: { type: 'string', enum: ['a', 'b'] } })),
    after: tool(input({ q: Q }), output({ s: { type: 'string', enum: ['a'] } })),
    verdict: 'compatible',
    label: 'output.enum',
  },
  {
    title: 'output schema removed',
    before: tool(input({ q: Q }), output({ id: Q })),
    after: tool(input({ q: Q })),
    verdict: 'breaking',
    label: 'output.removed',
  },
  {
    title: 'output schema added',
    before: tool(input({ q: Q })),
    after: tool(input({ q: Q }), output({ id: Q })),
    verdict: 'compatible',
    label: 'output.added',
  },
  {
    title: 'tool description changed',
    before: tool(input({ q: Q }), undefined, { description: 'Find.' }),
    after: tool(input({ q: Q }), undefined, { description: 'Find notes.' }),
    verdict: 'compatible',
    label: 'tool.description',
  },
  { title: 'resource removed', before: { resources: ['notes://index'] }, after: {}, verdict: 'breaking', label: 'resource.removed' },
  { title: 'resource added', before: {}, after: { resources: ['notes://index'] }, verdict: 'compatible', label: 'resource.added' },
  {
    title: 'URI template changed',
    before: { templates: [{ uri: 'notes://{id}', id: 'h.js#H.note' }] },
    after: { templates: [{ uri: 'notes://note/{id}', id: 'h.js#H.note' }] },
    verdict: 'breaking',
    label: 'resourceTemplate.uri-changed',
  },
  {
    title: 'resource template added',
    before: {},
    after: { templates: [{ uri: 'notes://{id}', id: 'h.js#H.note' }] },
    verdict: 'compatible',
    label: 'resourceTemplate.added',
  },
  {
    title: 'prompt removed',
    before: { prompts: [{ name: 'summarize', arguments: [] }] },
    after: {},
    verdict: 'breaking',
    label: 'prompt.removed',
  },
  {
    title: 'new required prompt argument',
    before: { prompts: [{ name: 'summarize', arguments: [] }] },
    after: { prompts: [{ name: 'summarize', arguments: [{ name: 'id', required: true }] }] },
    verdict: 'breaking',
    label: 'prompt.argument-added',
  },
  {
    title: 'new optional prompt argument',
    before: { prompts: [{ name: 'summarize', arguments: [] }] },
    after: { prompts: [{ name: 'summarize', arguments: [{ name: 'style', required: false }] }] },
    verdict: 'compatible',
    label: 'prompt.argument-added',
  },
];

function verdictOf(changes: readonly ManifestChange[]): 'breaking' | 'compatible' {
  return changes.some((c) => c.breaking) ? 'breaking' : 'compatible';
}

describe('armature diff: hand-picked change kinds', () => {
  for (const c of CASES) {
    it(`${c.title}: ${c.verdict}`, () => {
      const changes = diffManifests(surface(c.before), surface(c.after));
      expect(verdictOf(changes), JSON.stringify(changes, null, 1)).to.equal(c.verdict);
      const deciding = changes.filter((change) => change.breaking === (c.verdict === 'breaking'));
      expect(
        deciding.map((change) => change.change),
        JSON.stringify(changes, null, 1),
      ).to.include(c.label);
      for (const change of changes) expect(change.reason).to.match(/\w{3}/);
    });
  }

  it('giving an enum titled options (enum → oneOf / items.anyOf of { const, title }, same values) is no change', () => {
    const plain = tool(
      input({ s: { type: 'string', enum: ['a', 'b'] }, m: { type: 'array', items: { type: 'string', enum: ['x', 'y'] } } }),
      output({ s: { type: 'string', enum: ['a', 'b'] } }),
    );
    const titled = tool(
      input({
        s: {
          type: 'string',
          oneOf: [
            { const: 'a', title: 'A' },
            { const: 'b', title: 'B' },
          ],
        },
        m: {
          type: 'array',
          items: {
            type: 'string',
            anyOf: [
              { const: 'x', title: 'X' },
              { const: 'y', title: 'Y' },
            ],
          },
        },
      }),
      output({
        s: {
          type: 'string',
          oneOf: [
            { const: 'b', title: 'B' },
            { const: 'a', title: 'A' },
          ],
        },
      }),
    );
    expect(diffManifests(surface(plain), surface(titled))).to.deep.equal([]);
    expect(diffManifests(surface(titled), surface(plain))).to.deep.equal([]);
    // A oneOf repeating a const accepts less than the enum (that value matches two branches): not taken as the enum.
    const repeated = tool(input({ s: { type: 'string', oneOf: [{ const: 'a' }, { const: 'a', title: 'A' }, { const: 'b' }] }, m: Q }));
    const changes = diffManifests(surface(tool(input({ s: { type: 'string', enum: ['a', 'b'] }, m: Q }))), surface(repeated));
    expect(verdictOf(changes)).to.equal('breaking');
  });

  it('no change at all is no change', () => {
    const parts = tool(input({ q: Q }), output({ id: Q }), { fingerprint: 'sha256-0' });
    expect(diffManifests(surface(parts), surface(parts))).to.deep.equal([]);
  });

  it('docs/cli.md lists exactly these cases, with the same verdicts and labels', () => {
    const doc = fs.readFileSync(CLI_DOC, 'utf8');
    const section = doc.slice(doc.indexOf('<!-- diff-cases -->'), doc.indexOf('<!-- /diff-cases -->'));
    const rows = [...section.matchAll(/^\| ([^|]+?) \| \*?\*?(breaking|compatible)\*?\*? \| `([^`]+)` \|$/gm)].map((m) => ({
      title: m[1],
      verdict: m[2],
      label: m[3],
    }));
    expect(rows).to.deep.equal(CASES.map((c) => ({ title: c.title, verdict: c.verdict, label: c.label })));
    expect(rows.length).to.be.at.least(20);
  });
});
