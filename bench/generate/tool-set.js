'use strict';
// The extra tools of the large-server scenarios (1,001 tools = add + 1,000 of these; 21 = add + 20).
// A tool set is named by its count, `1000` (every tool with its own input schema, as real
// servers have) or `1000-shared` (every tool with the same five-parameter schema: the old set,
// kept as an extra row because it flatters any server that shares work between equal schemas).
// Each server states a tool's parameters its own way (zod for the SDKs, TypeScript types for
// Armature, hand-written JSON Schema for the floor) with equal content.

/** The shared set's five parameters: name, TypeScript type, JSON Schema, required, description. */
const PARAMS = [
  { name: 'query', ts: 'string', schema: { type: 'string' }, required: true, description: 'Text to look for.' },
  { name: 'limit', ts: 'number', schema: { type: 'number' }, required: true, description: 'Most results to return.' },
  { name: 'exact', ts: 'boolean', schema: { type: 'boolean' }, required: true, description: 'Match whole words only.' },
  {
    name: 'tags',
    ts: 'string[]',
    schema: { type: 'array', items: { type: 'string' } },
    required: true,
    description: 'Labels the results must carry.',
  },
  { name: 'cursor', ts: 'string', schema: { type: 'string' }, required: false, description: 'Where the previous page ended.' },
];

/** Parameter types the distinct set draws from (each maps to TypeScript, zod and JSON Schema in the servers). */
const KINDS = [
  { ts: 'string', schema: { type: 'string' } },
  { ts: 'number', schema: { type: 'number' } },
  { ts: 'boolean', schema: { type: 'boolean' } },
  { ts: 'string[]', schema: { type: 'array', items: { type: 'string' } } },
  { ts: "'asc' | 'desc'", schema: { type: 'string', enum: ['asc', 'desc'] }, values: ['asc', 'desc'] },
];
const NOUNS = ['region', 'owner', 'status', 'label', 'score', 'folder', 'branch', 'account', 'channel', 'stage', 'vendor', 'metric'];

/**
 * Tool `index`'s parameters in the distinct set: four to six, with names, types and
 * descriptions that differ from tool to tool, so no two tools have the same input schema.
 */
function distinctParams(index) {
  const noun = NOUNS[index % NOUNS.length];
  const params = [
    { name: 'query', ...KINDS[0], required: true, description: `Text to look for in collection ${index}.` },
    { name: `${noun}${index}`, ...KINDS[index % 5], required: true, description: `The ${noun} of collection ${index} to match.` },
    { name: 'limit', ...KINDS[1], required: index % 2 === 0, description: `Most results to return (collection ${index}).` },
  ];
  if (index % 3 === 0)
    params.push({ name: `${NOUNS[(index + 5) % NOUNS.length]}Order`, ...KINDS[4], required: false, description: 'Sort order.' });
  if (index % 4 !== 1)
    params.push({ name: 'tags', ...KINDS[3], required: index % 4 === 0, description: `Labels records of collection ${index} must carry.` });
  params.push({ name: `${noun}Exact`, ...KINDS[2], required: false, description: 'Match whole words only.' });
  // Required first: a TypeScript method cannot take a required parameter after an optional one.
  return [...params.filter((p) => p.required), ...params.filter((p) => !p.required)];
}

/** `1000` → `{ extra: 1000, shared: false }`; `'1000-shared'` → `{ extra: 1000, shared: true }`. */
function parseToolSet(spec) {
  const match = /^(\d+)(-shared)?(-comments)?$/.exec(String(spec ?? 0));
  if (match === null) throw new Error(`bad tool set ${JSON.stringify(spec)}: a count, optionally followed by -shared and -comments`);
  // `-comments`: the same tools, the Armature project compiled without `removeComments` (its handler modules keep their JSDoc).
  return { extra: Number(match[1]), shared: match[2] !== undefined, comments: match[3] !== undefined };
}

/** The parameters of generated tool `index` in the set. */
function toolParams(index, shared) {
  return shared ? PARAMS : distinctParams(index);
}

function toolName(index) {
  return `lookup_${index}`;
}

function toolDescription(index) {
  return `Looks up records in collection ${index}.`;
}

/** What every generated tool returns for given arguments (a string: one text content block). */
function lookupResult(index, args) {
  return `${index}:${args.query}:${args.limit}`;
}

/** Valid arguments for generated tool `index`: its required parameters and `limit`. */
function sampleArgs(index, shared) {
  const args = {};
  for (const p of toolParams(index, shared)) {
    if (!p.required && p.name !== 'limit') continue;
    args[p.name] =
      p.values !== undefined ? p.values[0] : p.ts === 'string' ? 'needle' : p.ts === 'number' ? 5 : p.ts === 'boolean' ? true : ['a'];
  }
  return args;
}

/** JSON Schema of a generated tool's input, as the floor serves it. */
function inputSchema(index, shared) {
  const params = toolParams(index, shared);
  const properties = {};
  for (const p of params) properties[p.name] = { ...p.schema, description: p.description };
  return { type: 'object', properties, required: params.filter((p) => p.required).map((p) => p.name), additionalProperties: false };
}

/** Builds a tool's zod shape with the given zod (`z`): the SDKs' way of stating the same parameters. */
function zodShape(z, index, shared) {
  const shape = {};
  for (const p of toolParams(index, shared)) {
    const base =
      p.values !== undefined
        ? z.enum(p.values)
        : p.ts === 'string'
          ? z.string()
          : p.ts === 'number'
            ? z.number()
            : p.ts === 'boolean'
              ? z.boolean()
              : z.array(z.string());
    shape[p.name] = p.required ? base.describe(p.description) : base.describe(p.description).optional();
  }
  return shape;
}

module.exports = { PARAMS, parseToolSet, toolParams, toolName, toolDescription, lookupResult, sampleArgs, inputSchema, zodShape };
