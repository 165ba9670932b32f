import type { JsonSchema } from '../metadata/handler-metadata.types';
import type { SchemaTable } from '../manifest/schema-table';
import type { PrecompiledValidators } from './precompiled-validators';
import type { Validator } from './validation-result';

/** Makes the validator of a deferred schema from its text (see `SchemaCompiler.compileListed`). */
export interface DeferredValidatorMaker {
  validatorOf(deferred: DeferredSchema): Validator;
}

/**
 * A manifest schema `armature build` vouched for, compiled without being read: its text is
 * known now; its validator is made when first read (a call, idle preparation), and its frozen
 * object (the table's) only when something reads `schema` (an in-process list reader). The
 * validator is made from a private parse of the text that its plan does not keep, so a
 * prepared tool holds its text and its plan, not a parsed schema besides.
 *
 * A class, not a closure: 10,001 tools each hold one (closures, getters and their contexts
 * were ~3 MB of a 10,001-tool heap).
 */
export class DeferredSchema {
  private made: Validator | undefined;

  constructor(
    readonly json: string,
    readonly table: SchemaTable,
    readonly index: number,
    /** Who problems are about (`Class.method input schema`). */
    readonly where: string,
    /** The validators file that vouched for it (its ajv code, for a schema outside the shared checker's subset). */
    readonly precompiled: PrecompiledValidators,
    private readonly maker: DeferredValidatorMaker,
  ) {}

  get validate(): Validator {
    return (this.made ??= this.maker.validatorOf(this));
  }

  get schema(): JsonSchema {
    return this.table.get(this.index);
  }
}
