import { expect } from 'chai';
import Ajv2020 from 'ajv/dist/2020';
import type { JsonSchema, JsonValue } from '@armature/schema';
import { diffManifests } from '../src/diff/manifest-diff';
import type { ManifestSurface } from '../src/diff/manifest-surface';

/** A small seeded generator (mulberry32), so a failure can be replayed from its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
const chance = (rng: Rng, p: number): boolean => rng() < p;
const int = (rng: Rng, lo: number, hi: number): number => lo + Math.floor(rng() * (hi - lo + 1));
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const NAMES = ['a', 'b', 'c', 'd'];
const WORDS = ['x', 'y', 'z', 'w'];

/** A property schema of the kinds the scanner writes: primitives with JSDoc keywords, enums, nullables, arrays, objects, unions. */
function genProperty(rng: Rng, depth: number): JsonSchema {
  const kind = pick(
    rng,
    depth > 0
      ? ['string', 'number', 'integer', 'boolean', 'enum', 'nullable', 'array', 'object', 'union', 'const']
      : ['string', 'number', 'integer', 'boolean', 'enum', 'nullable', 'const'],
  );
  switch (kind) {
    case 'string': {
      const s: JsonSchema = { type: 'string' };
      if (chance(rng, 0.3)) s.minLength = int(rng, 0, 2);
      if (chance(rng, 0.3)) s.maxLength = int(rng, 2, 4);
      return s;
    }
    case 'number':
    case 'integer': {
      const s: JsonSchema = { type: kind };
      if (chance(rng, 0.3)) s.minimum = int(rng, -2, 1);
      if (chance(rng, 0.2)) s.exclusiveMinimum = int(rng, -2, 1);
      if (chance(rng, 0.3)) s.maximum = int(rng, 2, 5);
      if (chance(rng, 0.2)) s.multipleOf = pick(rng, kind === 'integer' ? [1, 2] : [0.5, 1, 2]);
      return s;
    }
    case 'boolean':
      return { type: 'boolean' };
    case 'enum':
      return {
        type: 'string',
        enum: WORDS.filter(() => chance(rng, 0.6))
          .concat('x')
          .filter((v, i, all) => all.indexOf(v) === i),
      };
    case 'const':
      return { type: 'string', const: pick(rng, WORDS) };
    case 'nullable':
      return { type: [pick(rng, ['string', 'number', 'boolean']), 'null'] };
    case 'array': {
      const s: JsonSchema = { type: 'array', items: genProperty(rng, depth - 1) };
      if (chance(rng, 0.3)) s.minItems = int(rng, 0, 1);
      if (chance(rng, 0.3)) s.maxItems = int(rng, 1, 3);
      if (chance(rng, 0.2)) s.uniqueItems = true;
      return s;
    }
    case 'union':
      return { anyOf: [genProperty(rng, 0), genProperty(rng, 0)] };
    default:
      return genObject(rng, depth - 1, chance(rng, 0.5));
  }
}

function genObject(rng: Rng, depth: number, closed: boolean): JsonSchema {
  const properties: Record<string, JsonValue> = {};
  for (const name of NAMES) if (chance(rng, 0.6)) properties[name] = genProperty(rng, depth);
  const required = Object.keys(properties).filter(() => chance(rng, 0.5));
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), ...(closed ? { additionalProperties: false } : {}) };
}

/** Every object schema inside `schema` (itself included). */
function subschemas(schema: JsonSchema, found: JsonSchema[] = []): JsonSchema[] {
  found.push(schema);
  for (const value of Object.values(schema.properties ?? {}) as JsonValue[]) if (isObject(value)) subschemas(value, found);
  if (isObject(schema.items)) subschemas(schema.items, found);
  if (Array.isArray(schema.anyOf)) for (const branch of schema.anyOf) if (isObject(branch)) subschemas(branch, found);
  return found;
}

function isObject(value: JsonValue | undefined): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One to three edits of the kinds a refactoring makes: types, bounds, enum values, properties, required, closedness. */
function mutate(rng: Rng, schema: JsonSchema): JsonSchema {
  const next = clone(schema);
  for (let edits = int(rng, 1, 3); edits > 0; edits--) {
    const node = pick(rng, subschemas(next));
    const edit = pick(rng, ['type', 'bound', 'enum', 'property', 'required', 'closed', 'unique', 'replace', 'length']);
    if (edit === 'type') {
      if (node.type === 'integer') node.type = 'number';
      else if (node.type === 'number') node.type = 'integer';
      else if (typeof node.type === 'string' && node.type !== 'object') node.type = [node.type, 'null'];
      else if (Array.isArray(node.type)) node.type = node.type[0] as string;
    } else if (edit === 'bound') {
      const key = pick(rng, ['minimum', 'maximum', 'exclusiveMinimum', 'multipleOf']);
      if (node[key] === undefined) node[key] = key === 'multipleOf' ? pick(rng, [1, 2]) : int(rng, -1, 4);
      else if (chance(rng, 0.4)) delete node[key];
      else node[key] = key === 'multipleOf' ? pick(rng, [0.5, 1, 2, 4]) : (node[key] as number) + pick(rng, [-1, 1]);
    } else if (edit === 'length') {
      const key = pick(rng, ['minLength', 'maxLength', 'minItems', 'maxItems']);
      if (node[key] === undefined) node[key] = int(rng, 0, 3);
      else if (chance(rng, 0.4)) delete node[key];
      else node[key] = Math.max(0, (node[key] as number) + pick(rng, [-1, 1]));
    } else if (edit === 'enum' && Array.isArray(node.enum)) {
      if (chance(rng, 0.5) && node.enum.length > 1) node.enum = node.enum.slice(1);
      else node.enum = [...new Set([...(node.enum as string[]), pick(rng, WORDS)])];
    } else if (edit === 'property' && isObject(node.properties)) {
      const name = pick(rng, NAMES);
      if (name in node.properties) delete node.properties[name];
      else node.properties[name] = genProperty(rng, 0);
      if (Array.isArray(node.required))
        node.required = node.required.filter((n) => typeof n === 'string' && n in (node.properties as object));
    } else if (edit === 'required' && isObject(node.properties)) {
      const names = Object.keys(node.properties);
      if (names.length > 0) {
        const name = pick(rng, names);
        const required = new Set((node.required as string[] | undefined) ?? []);
        if (required.has(name)) required.delete(name);
        else required.add(name);
        node.required = [...required];
      }
    } else if (edit === 'closed' && node.type === 'object') {
      if (node.additionalProperties === false) delete node.additionalProperties;
      else node.additionalProperties = false;
    } else if (edit === 'unique' && node.type === 'array') {
      node.uniqueItems = node.uniqueItems !== true;
    } else if (edit === 'replace' && isObject(node.properties)) {
      const names = Object.keys(node.properties);
      if (names.length > 0) node.properties[pick(rng, names)] = genProperty(rng, 1);
    }
  }
  return next;
}

/** A value that tries to fit `schema` (and often misses near its edges), or plain junk now and then. */
function genValue(rng: Rng, schema: JsonValue | undefined, depth = 0): JsonValue {
  if (!isObject(schema) || chance(rng, 0.05) || depth > 4) return pick(rng, [null, true, 0, 1.5, -3, 'x', 'zz', [], {}]);
  if (Array.isArray(schema.anyOf)) return genValue(rng, pick(rng, schema.anyOf), depth + 1);
  if (schema.const !== undefined && chance(rng, 0.8)) return schema.const;
  if (Array.isArray(schema.enum) && chance(rng, 0.8)) return pick(rng, [...schema.enum, 'w', 'v']);
  const type = Array.isArray(schema.type) ? pick(rng, schema.type as string[]) : schema.type;
  switch (type) {
    case 'string':
      return 'x'.repeat(int(rng, 0, 5));
    case 'number':
      return int(rng, -12, 24) / 4;
    case 'integer':
      return int(rng, -3, 6);
    case 'boolean':
      return chance(rng, 0.5);
    case 'null':
      return null;
    case 'array': {
      const length = int(rng, 0, 4);
      const first = genValue(rng, schema.items, depth + 1);
      return Array.from({ length }, () => (chance(rng, 0.3) ? first : genValue(rng, schema.items, depth + 1)));
    }
    case 'object': {
      const value: Record<string, JsonValue> = {};
      const required = new Set((schema.required as string[] | undefined) ?? []);
      for (const [name, property] of Object.entries((schema.properties as Record<string, JsonValue> | undefined) ?? {}))
        if (required.has(name) ? chance(rng, 0.95) : chance(rng, 0.5)) value[name] = genValue(rng, property, depth + 1);
      if (chance(rng, 0.1)) value[pick(rng, [...NAMES, 'extra'])] = genValue(rng, { type: pick(rng, ['string', 'number']) }, depth + 1);
      return value;
    }
    default:
      return genValue(rng, { type: pick(rng, ['string', 'number', 'boolean', 'object']) }, depth + 1);
  }
}

function surfaceWith(inputSchema: JsonSchema, outputSchema: JsonSchema): ManifestSurface {
  return {
    tools: new Map([['t', { name: 't', id: 'h.js#H.t', inputSchema, outputSchema }]]),
    resources: new Map(),
    templates: new Map(),
    prompts: new Map(),
  };
}

describe('armature diff classifier (property)', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  const PAIRS = 400;
  const SAMPLES = 150;

  it('calls a change compatible only when no sampled value breaks it: old inputs still accepted, new outputs allowed before', function () {
    this.timeout(120_000);
    const tally = { inputCompatible: 0, outputCompatible: 0, inputBreaking: 0, inputWitnessed: 0, outputBreaking: 0, outputWitnessed: 0 };
    for (let seed = 1; seed <= PAIRS; seed++) {
      const rng = random(seed);
      const oldInput = genObject(rng, 2, true);
      const newInput = mutate(rng, oldInput);
      const oldOutput = genObject(rng, 2, false);
      const newOutput = mutate(rng, oldOutput);
      const changes = diffManifests(surfaceWith(oldInput, oldOutput), surfaceWith(newInput, newOutput));
      const inputBreaks = changes.some((c) => c.breaking && c.path.startsWith('input'));
      const outputBreaks = changes.some((c) => c.breaking && c.path.startsWith('output'));
      const accepts = {
        oldIn: ajv.compile(oldInput),
        newIn: ajv.compile(newInput),
        oldOut: ajv.compile(oldOutput),
        newOut: ajv.compile(newOutput),
      };
      let inputWitness: JsonValue | undefined;
      let outputWitness: JsonValue | undefined;
      for (let i = 0; i < SAMPLES; i++) {
        const input = genValue(rng, chance(rng, 0.7) ? oldInput : newInput);
        if (accepts.oldIn(input) && !accepts.newIn(input)) inputWitness ??= input;
        const output = genValue(rng, chance(rng, 0.7) ? newOutput : oldOutput);
        if (accepts.newOut(output) && !accepts.oldOut(output)) outputWitness ??= output;
      }
      const context = (witness: JsonValue | undefined, a: JsonSchema, b: JsonSchema): string =>
        `seed ${seed}: ${JSON.stringify(witness)}\nold ${JSON.stringify(a)}\nnew ${JSON.stringify(b)}\n${JSON.stringify(changes, null, 1)}`;
      if (!inputBreaks) {
        tally.inputCompatible++;
        expect(inputWitness, context(inputWitness, oldInput, newInput)).to.equal(undefined);
      } else {
        tally.inputBreaking++;
        if (inputWitness !== undefined) tally.inputWitnessed++;
      }
      if (!outputBreaks) {
        tally.outputCompatible++;
        expect(outputWitness, context(outputWitness, oldOutput, newOutput)).to.equal(undefined);
      } else {
        tally.outputBreaking++;
        if (outputWitness !== undefined) tally.outputWitnessed++;
      }
    }
    // Not vacuous: many pairs are called compatible on each side, and a good share of the pairs
    // called breaking have a value the sampler found that really breaks. The others are
    // conservative verdicts (a `minimum` added to a string, a change inside a union) or breaks
    // the sampler missed.
    expect(tally.inputCompatible, JSON.stringify(tally)).to.be.above(PAIRS * 0.15);
    expect(tally.outputCompatible, JSON.stringify(tally)).to.be.above(PAIRS * 0.15);
    expect(tally.inputWitnessed, JSON.stringify(tally)).to.be.above(tally.inputBreaking * 0.3);
    expect(tally.outputWitnessed, JSON.stringify(tally)).to.be.above(tally.outputBreaking * 0.3);
  });
});
