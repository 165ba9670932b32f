import { Tool } from '@armature/core';

/**
 * A postal address; the build keeps it as a named definition of the input schema.
 * @defName address
 */
export interface Address {
  street?: string;
  city?: string;
}

/** A tool whose input schema shows JSON Schema 2020-12 features (conformance: json-schema-2020-12). */
export class SchemaTools {
  /**
   * Tool with JSON Schema 2020-12 features.
   * @param name A name.
   * @param address An address.
   * @schemaDefs
   */
  @Tool({ name: 'json_schema_2020_12_tool' })
  jsonSchema2020(name?: string, address?: Address): string {
    return `name=${name ?? ''}, address=${JSON.stringify(address ?? {})}`;
  }
}
