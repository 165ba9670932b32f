import { deepFreeze, frozenCopy } from '../metadata/frozen-copy';
import type { JsonSchema } from '../metadata/handler-metadata.types';

/**
 * The distinct schemas of one manifest, by index. The index is the schema's identity: routes
 * that refer to the same index share one frozen copy and one validator, with no need to compare
 * schema texts (1,001 tools of one shape: one entry, not 1,001 to stringify).
 */
export class SchemaTable {
  private readonly frozen: (JsonSchema | undefined)[];

  /**
   * `owned`: nobody else holds these objects (parsed from the manifest file just now), so
   * they are frozen in place instead of copied (10,001 tools: ~6 MB of schemas not copied).
   */
  constructor(
    private readonly schemas: readonly JsonSchema[],
    private readonly owned = false,
  ) {
    this.frozen = new Array<JsonSchema | undefined>(schemas.length);
  }

  get size(): number {
    return this.schemas.length;
  }

  /**
   * The schema at `index`, deep-frozen (and copied, unless owned) on first use, so neither the
   * author of a manifest passed in code nor a list client can change what the validator was
   * made from.
   */
  get(index: number): JsonSchema {
    let schema = this.frozen[index];
    if (schema === undefined) {
      const raw = this.schemas[index];
      if (raw === undefined) throw new RangeError(`no schema ${index} in a table of ${this.schemas.length}`);
      schema = this.owned ? deepFreeze(raw) : frozenCopy(raw);
      this.frozen[index] = schema;
    }
    return schema;
  }
}
