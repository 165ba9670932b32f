'use strict';
// The extra tools of the large-server scenarios (1,001 tools = add + 1,000 of these; 21 = add + 20).
// Every tool has five parameters; each server states them its own way (zod for the SDK,
// TypeScript types for Armature, hand-written JSON Schema for the floor) with equal content.

/** The five parameters: name, TypeScript type, zod builder, JSON Schema, required, description. */
const PARAMS = [
  { name: 'query', ts: 'string', schema: { type: 'string' }, required: true, description: 'Text to look for.' },
  { name: 'limit', ts: 'number', schema: { type: 'number' }, required: true, description: 'Most results to return.' },
  { name: 'exact', ts: 'boolean', schema: { type: 'boolean' }, required: true, description: 'Match whole words only.' },
  { name: 'tags', ts: 'string[]', schema: { type: 'array', items: { type: 'string' } }, required: true, description: 'Labels the results must carry.' },
  { name: 'cursor', ts: 'string', schema: { type: 'string' }, required: false, description: 'Where the previous page ended.' },
];

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

/** JSON Schema of a generated tool's input, as the floor serves it. */
function inputSchema() {
  const properties = {};
  for (const p of PARAMS) properties[p.name] = { ...p.schema, description: p.description };
  return { type: 'object', properties, required: PARAMS.filter((p) => p.required).map((p) => p.name), additionalProperties: false };
}

module.exports = { PARAMS, toolName, toolDescription, lookupResult, inputSchema };
