/** Bits of the JSON types a `type` keyword allows. */
export const enum TypeBit {
  String = 1,
  Number = 2,
  Integer = 4,
  Boolean = 8,
  Null = 16,
  Object = 32,
  Array = 64,
}

/**
 * One schema node of the subset {@link planSchema} accepts, laid out for the checker. Field
 * order follows ajv's evaluation order (its rule groups: untyped, number, string, array,
 * object), so the checker reports the same errors in the same order.
 */
export interface SchemaPlan {
  /**
   * The node's `type` keyword (ajv's `params.type` of a type error). The plan keeps no other
   * part of the schema object it was made from, so a schema parsed to be planned is not kept
   * alive by its plan (the manifest keeps its text).
   */
  readonly type: unknown;
  /** Allowed types (0: no `type` keyword). */
  readonly types: number;
  /** ajv reports a wrong type before every other keyword (else: in its group's else branch). */
  readonly typeFirst: boolean;
  /** Nothing to check but `type` (the common leaf: a fast path in the checker). */
  readonly typeOnly: boolean;
  /** Some keyword other than `type` and the object ones. */
  readonly scalar: boolean;
  readonly constValue: { readonly value: unknown } | undefined;
  readonly enumValues: readonly unknown[] | undefined;
  readonly numberLimits: readonly (readonly [keyword: string, limit: number])[] | undefined;
  readonly stringLimits: readonly (readonly [keyword: string, limit: number])[] | undefined;
  readonly pattern: { readonly source: string; readonly regexp: RegExp } | undefined;
  readonly itemLimits: readonly (readonly [keyword: string, limit: number])[] | undefined;
  readonly items: SchemaPlan | undefined;
  /** Any object keyword present (ajv's object group runs). */
  readonly objectGroup: boolean;
  readonly defaults: readonly (readonly [name: string, value: unknown])[] | undefined;
  readonly required: readonly string[] | undefined;
  /** `additionalProperties: false` with more than 8 declared names: those names. */
  readonly closedOver: ReadonlySet<string> | undefined;
  /** `additionalProperties: false` with up to 8 declared names: those names (a scan beats hashing). */
  readonly closedNames: readonly string[] | undefined;
  /** In `properties` order. */
  readonly properties: readonly PropertyPlan[] | undefined;
  /** Set when a valid object can be recognised in one pass over its keys (see `QuickObject`). */
  readonly quick: QuickObject | undefined;
}

/**
 * An object node whose properties need only a type check (or, besides it, an `enum` or the
 * type of their array's items) and have no defaults, with every required name among them: one
 * pass over the value's own keys tells whether it is valid. Only an invalid value takes the
 * ordered path that reports errors as ajv does.
 */
export interface QuickObject {
  readonly names: readonly string[];
  readonly types: readonly number[];
  /** Bit `i` set: `names[i]` is required. */
  readonly requiredMask: number;
  readonly requiredCount: number;
  readonly closed: boolean;
  /** Per property, what to check beyond its type (undefined for all: every property is type-only). */
  readonly more: readonly (QuickMore | undefined)[] | undefined;
}

/** A property's check beyond its type in the one-pass check: its `enum`, or its array items' type. */
export interface QuickMore {
  readonly enumValues: readonly unknown[] | undefined;
  /** Allowed types of every item (0: no item check). */
  readonly itemTypes: number;
}

/** One entry of `properties`. */
export interface PropertyPlan {
  readonly name: string;
  readonly plan: SchemaPlan;
  /** ajv checks a property with a default whether or not it is present (it was just filled). */
  readonly defaulted: boolean;
  /** `/name`, JSON-Pointer escaped: the property's part of `instancePath`. */
  readonly segment: string;
}

/** The object keywords' part of a plan. */
export type ObjectPart = Pick<SchemaPlan, 'objectGroup' | 'defaults' | 'required' | 'closedOver' | 'closedNames' | 'properties' | 'quick'>;

/** The rest of a plan. */
export type PlanHead = Omit<SchemaPlan, keyof ObjectPart>;
