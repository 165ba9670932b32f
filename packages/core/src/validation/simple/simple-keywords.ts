/** The keywords of the shared checker's subset, as the planner (`simple-plan.ts`) reads them. */

import { TypeBit } from './simple-plan.types';

/** The bit of each JSON type a `type` keyword names. */
export const TYPE_BITS: ReadonlyMap<unknown, TypeBit> = new Map([
  ['string', TypeBit.String],
  ['number', TypeBit.Number],
  ['integer', TypeBit.Integer],
  ['boolean', TypeBit.Boolean],
  ['null', TypeBit.Null],
  ['object', TypeBit.Object],
  ['array', TypeBit.Array],
]);

/** Keywords that change nothing a validator checks. */
export const ANNOTATIONS = new Set(['description', 'title', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment', 'default']);

/** Which keyword groups a node has: planning looks only for what is there (a first call pays it). */
export const enum Has {
  NumberLimit = 1,
  StringLimit = 2,
  Pattern = 4,
  ItemLimit = 8,
  Items = 16,
  Const = 32,
  Enum = 64,
  Object = 128,
}
export const KEYWORD_GROUPS: ReadonlyMap<string, Has> = new Map([
  ['maximum', Has.NumberLimit],
  ['minimum', Has.NumberLimit],
  ['exclusiveMaximum', Has.NumberLimit],
  ['exclusiveMinimum', Has.NumberLimit],
  ['maxLength', Has.StringLimit],
  ['minLength', Has.StringLimit],
  ['pattern', Has.Pattern],
  ['maxItems', Has.ItemLimit],
  ['minItems', Has.ItemLimit],
  ['items', Has.Items],
  ['const', Has.Const],
  ['enum', Has.Enum],
  ['required', Has.Object],
  ['additionalProperties', Has.Object],
  ['properties', Has.Object],
]);
export const NUMBER_KEYWORDS = ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum'] as const;
export const STRING_KEYWORDS = ['maxLength', 'minLength'] as const;
export const ITEM_KEYWORDS = ['maxItems', 'minItems'] as const;
