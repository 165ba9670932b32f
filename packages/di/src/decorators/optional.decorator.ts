import { OPTIONAL_PARAMS } from '../metadata/metadata-keys';
import { constructorParameterOwner } from './inject.decorator';

/**
 * Marks a constructor parameter optional: when no visible provider has its token, it receives
 * `undefined` instead of failing the boot check.
 */
export function Optional(): ParameterDecorator {
  return (target, propertyKey, index) => {
    const owner = constructorParameterOwner('@Optional()', target, propertyKey);
    const marks = ((Reflect.getOwnMetadata(OPTIONAL_PARAMS, owner) as boolean[] | undefined) ?? []).slice();
    marks[index] = true;
    Reflect.defineMetadata(OPTIONAL_PARAMS, marks, owner);
  };
}
