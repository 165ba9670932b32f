#!/usr/bin/env node
'use strict';
// The validator on the hot path: core's shared schema checker (the validator `SchemaCompiler`
// makes for a schema of its subset) against ajv's compiled code for the same schema, wrapped
// the same way, in interleaved rounds. Schema: the benchmark's `add(a: number, b: number)`.
// Usage: node bench/tools/checker-vs-ajv.js [calls per round = 2000000] [rounds = 6]   (after npm run build)
const path = require('node:path');

const dist = path.join(__dirname, '..', '..', 'packages', 'core', 'dist', 'src', 'validation');
const { SchemaCompiler } = require(path.join(dist, 'schema-compiler'));
const { createAjv } = require(path.join(dist, 'ajv-setup'));
const { ajvIssues } = require(path.join(dist, 'ajv-issues'));

const SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { a: { type: 'number', description: 'First addend.' }, b: { type: 'number', description: 'Second addend.' } },
  required: ['a', 'b'],
  additionalProperties: false,
};

const calls = Number(process.argv[2] ?? 2_000_000);
const rounds = Number(process.argv[3] ?? 6);
const checker = new SchemaCompiler().compile(SCHEMA, 'add');
const compiled = createAjv('2020').compile(SCHEMA);
const ajv = (value) => (compiled(value) ? { valid: true, value } : { valid: false, issues: ajvIssues(compiled.errors ?? []) });

function nsPerCall(validate) {
  let valid = 0;
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) if (validate({ a: i, b: 2 }).valid) valid++;
  const ns = Number(process.hrtime.bigint() - started) / calls;
  if (valid !== calls) throw new Error('a valid value was refused');
  return ns;
}

for (let round = 0; round < rounds; round++) {
  // Alternate which goes first, so a change in machine load lands on both.
  const [first, second] = round % 2 === 0 ? [checker, ajv] : [ajv, checker];
  const a = nsPerCall(first);
  const b = nsPerCall(second);
  const [checkerNs, ajvNs] = round % 2 === 0 ? [a, b] : [b, a];
  process.stdout.write(`round ${round + 1}: shared checker ${checkerNs.toFixed(1)} ns, ajv code ${ajvNs.toFixed(1)} ns per check\n`);
}
