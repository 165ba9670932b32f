import type { JsonSchema } from '../metadata/handler-metadata.types';
import type { Validator } from './validation-result';

/** What compiling a schema makes: its validator and its shared frozen copy. */
interface Made {
  readonly validate: Validator;
  readonly schema: JsonSchema;
}

/**
 * A compiled schema whose text is known now and whose validator and frozen copy are made by
 * `make` when first read (then kept): what `armature build` vouched for is not parsed, planned
 * or frozen at boot, only when a call, idle preparation or an in-process list reader needs it.
 */
export function deferredSchema(json: string, make: () => Made): Made & { readonly json: string } {
  let made: Made | undefined;
  const once = (): Made => (made ??= make());
  return {
    json,
    get validate(): Validator {
      return once().validate;
    },
    get schema(): JsonSchema {
      return once().schema;
    },
  };
}
