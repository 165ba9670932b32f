import { ArmatureError } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';
import { MANIFEST_FORMAT_VERSION, type ArmatureManifest } from './manifest.types';

const KINDS = new Set(['tool', 'prompt', 'resource', 'resourceTemplate']);
const ROLES = new Set(['argument', 'context', 'dto', 'variable']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks the parts of a manifest the runtime relies on (a hand-edited or truncated file must
 * fail at boot with its location, not at the first call) and returns it typed.
 */
export function checkManifest(value: unknown, origin: string): ArmatureManifest {
  const fail = (why: string): never => {
    throw new ArmatureError(
      LocalErrorCode.MANIFEST_INVALID,
      `Invalid manifest ${origin}: ${why}. Regenerate it with \`armature build\`.`,
    );
  };
  if (!isObject(value)) return fail('not a JSON object');
  if (value.armature !== MANIFEST_FORMAT_VERSION) {
    return fail(`format version ${JSON.stringify(value.armature)}; this runtime reads version ${MANIFEST_FORMAT_VERSION}`);
  }
  if (!isObject(value.handlers)) return fail('"handlers" is not an object');
  for (const [key, handler] of Object.entries(value.handlers)) {
    if (!isObject(handler) || typeof handler.className !== 'string' || !isObject(handler.methods)) {
      return fail(`handler "${key}" lacks "className" or "methods"`);
    }
    for (const [name, method] of Object.entries(handler.methods)) {
      const where = `${key} method "${name}"`;
      if (!isObject(method) || !KINDS.has(method.kind as string)) return fail(`${where} has no valid "kind"`);
      if (!Array.isArray(method.params)) return fail(`${where} has no "params" array`);
      for (const param of method.params as unknown[]) {
        if (!isObject(param) || !Number.isInteger(param.index) || typeof param.name !== 'string' || !ROLES.has(param.role as string)) {
          return fail(`${where} has a parameter without a valid index, name and role`);
        }
      }
      for (const schemaKey of ['inputSchema', 'outputSchema'] as const) {
        if (method[schemaKey] !== undefined && !isObject(method[schemaKey])) return fail(`${where} "${schemaKey}" is not an object`);
      }
    }
  }
  return value as unknown as ArmatureManifest;
}
