import type { JsonSchema } from '../../../src/metadata/handler-metadata.types';

/** In the shared checker's subset (simple/): the build generates no code for it and vouches for it (left as text at boot). */
export const SEARCH: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { q: { type: 'string', minLength: 1, description: 'Text "to" find.' }, n: { type: 'integer', default: 3 } },
  required: ['q'],
  additionalProperties: false,
};

/** Outside the subset (`format`): precompiled by the build. */
export const MAIL: JsonSchema = { type: 'object', properties: { to: { type: 'string', format: 'email' } }, required: ['to'] };

/** ajv cannot compile it (`type` is not a type name): the build lists it as failed. */
export const BROKEN: JsonSchema = { type: 'object', properties: { x: { type: 'text' } } };

/** A generated tool's schema (typed enum, array of typed items): its first call reads one-pass tables, not a full plan. */
export const LOOKUP: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    query: { type: 'string', description: 'Text to look for.' },
    region: { type: 'string', description: 'The region.' },
    limit: { type: 'number' },
    tags: { type: 'array', items: { type: 'string' }, description: 'Labels.' },
    order: { enum: ['asc', 'desc'], type: 'string' },
  },
  required: ['query', 'region', 'limit'],
  additionalProperties: false,
};
