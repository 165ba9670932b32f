import { INJECTABLE_SCOPE } from '../metadata/metadata-keys';
import type { Scope } from './scope';

/** The scope `@Injectable` recorded on the class itself, if any. */
export function injectableScope(target: object): Scope | undefined {
  return Reflect.getOwnMetadata(INJECTABLE_SCOPE, target) as Scope | undefined;
}
