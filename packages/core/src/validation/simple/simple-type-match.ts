import { TypeBit } from './simple-plan.types';

/** Whether `data` is of one of the JSON types in `types` (bits), as ajv's type check decides. */
export function typeMatches(types: number, data: unknown): boolean {
  switch (typeof data) {
    case 'string':
      return (types & TypeBit.String) !== 0;
    case 'number':
      return (types & TypeBit.Number) !== 0 || ((types & TypeBit.Integer) !== 0 && !(data % 1) && !Number.isNaN(data));
    case 'boolean':
      return (types & TypeBit.Boolean) !== 0;
    case 'object':
      if (data === null) return (types & TypeBit.Null) !== 0;
      return (types & (Array.isArray(data) ? TypeBit.Array : TypeBit.Object)) !== 0;
    default:
      return false;
  }
}
