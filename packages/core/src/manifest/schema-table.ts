import { ArmatureError } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';
import { deepFreeze, frozenCopy } from '../metadata/frozen-copy';
import type { JsonSchema } from '../metadata/handler-metadata.types';

/**
 * The distinct schemas of one manifest, by index. The index is the schema's identity: routes
 * that refer to the same index share one frozen copy and one validator, with no need to compare
 * schema texts (1,001 tools of one shape: one entry, not 1,001 to stringify).
 *
 * An entry is a schema object (format 2 and inline manifests) or its JSON text (format 3, as
 * `armature build` writes it now): a text is parsed only when something needs the object (a
 * validator, a client reading the list entry in process), so a boot with 10,000 tools neither
 * parses nor freezes 10,000 schemas; list pages splice the text itself.
 */
export class SchemaTable {
  private readonly frozen: (JsonSchema | undefined)[];
  private texts: (string | undefined)[] | undefined;

  /**
   * `owned`: nobody else holds these objects (parsed from the manifest file just now), so
   * they are frozen in place instead of copied (10,001 tools: ~6 MB of schemas not copied).
   * `origin`: the manifest, for the message when a text does not parse.
   */
  constructor(
    private readonly schemas: readonly (JsonSchema | string)[],
    private readonly owned = false,
    private readonly origin = 'the manifest',
  ) {
    this.frozen = new Array<JsonSchema | undefined>(schemas.length);
  }

  get size(): number {
    return this.schemas.length;
  }

  /** Whether entry `index` is still JSON text nobody parsed (a format 3 manifest's entry). */
  isText(index: number): boolean {
    return typeof this.schemas[index] === 'string' && this.frozen[index] === undefined;
  }

  /**
   * The JSON text of the schema at `index` (`JSON.stringify` of {@link get}'s object): the
   * stored text of a format 3 entry, else the object serialized once.
   */
  text(index: number): string {
    const raw = this.raw(index);
    if (typeof raw === 'string') return raw;
    this.texts ??= new Array<string | undefined>(this.schemas.length);
    return (this.texts[index] ??= JSON.stringify(this.get(index)));
  }

  /**
   * The schema at `index`, deep-frozen (parsed from its text, or copied unless owned) on first
   * use, so neither the author of a manifest passed in code nor a list client can change what
   * the validator was made from.
   */
  get(index: number): JsonSchema {
    let schema = this.frozen[index];
    if (schema === undefined) {
      const raw = this.raw(index);
      schema = typeof raw === 'string' ? deepFreeze(parseEntry(raw, index, this.origin)) : this.owned ? deepFreeze(raw) : frozenCopy(raw);
      this.frozen[index] = schema;
    }
    return schema;
  }

  private raw(index: number): JsonSchema | string {
    const raw = this.schemas[index];
    if (raw === undefined) throw new RangeError(`no schema ${index} in a table of ${this.schemas.length}`);
    return raw;
  }
}

function parseEntry(text: string, index: number, origin: string): JsonSchema {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    value = error;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Error) {
    throw new ArmatureError(
      LocalErrorCode.MANIFEST_INVALID,
      `Invalid manifest ${origin}: "schemas"[${index}] is not the JSON text of an object. Regenerate it with \`armature build\`.`,
    );
  }
  return value as JsonSchema;
}
