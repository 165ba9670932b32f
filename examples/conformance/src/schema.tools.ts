import { Tool } from '@armature/core';

/** A postal address, as the `address` definition of `json_schema_2020_12_tool`'s input schema describes it. */
export interface Address {
  street?: string;
  city?: string;
}

/** Tools whose input schemas show JSON Schema 2020-12 features and header parameters (MCP 2026-07-28). */
export class SchemaTools {
  /**
   * Tool with JSON Schema 2020-12 features.
   *
   * The parameters' types give `properties`; what TypeScript cannot say comes from
   * `extendInputSchema`: the `address` definition with its `$anchor` (written there in full and
   * open, as the conformance suite lists it, where an interface type would be closed with
   * `additionalProperties: false`), the `contactMethod` values in the suite's order (a union of
   * literals would list them sorted), and the `allOf`/`anyOf` and `if`/`then`/`else` constraints
   * across parameters. Conformance: json-schema-2020-12 (SEP-1613, SEP-2106).
   * @param name A name.
   * @param address An address.
   * @param contactMethod How to make contact.
   * @param phone A phone number.
   * @param email An email address.
   */
  @Tool({
    name: 'json_schema_2020_12_tool',
    extendInputSchema: {
      $defs: {
        address: {
          $anchor: 'addressDef',
          type: 'object',
          properties: { street: { type: 'string' }, city: { type: 'string' } },
        },
      },
      properties: { address: { $ref: '#/$defs/address' }, contactMethod: { enum: ['phone', 'email'] } },
      allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
      if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
      then: { required: ['phone'] },
      else: { required: ['email'] },
    },
  })
  jsonSchema2020(name?: string, address?: unknown, contactMethod?: string, phone?: string, email?: string): string {
    const where = (address ?? {}) as Address;
    return `name=${name ?? ''}, address=${JSON.stringify(where)}, contact=${contactMethod ?? ''}:${phone ?? email ?? ''}`;
  }

  /**
   * Tool whose parameters are mirrored into HTTP headers (`Mcp-Param-Region`, `Mcp-Param-Priority`,
   * `Mcp-Param-Verbose`); the server checks each header against the body.
   * Conformance: http-custom-header-server-validation (SEP-2243).
   * @param region A region, e.g. us-west1.
   * @param priority A priority.
   * @param verbose Whether to say more.
   * @integer priority
   */
  @Tool({ name: 'test_custom_headers', headers: { region: 'Region', priority: 'Priority', verbose: 'Verbose' } })
  customHeaders(region: string, priority?: number, verbose?: boolean): string {
    return `region=${region}, priority=${priority ?? ''}, verbose=${verbose ?? false}`;
  }
}
