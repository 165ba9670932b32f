import { testingError } from '../errors/testing-error';

/**
 * Loads an optional peer (`@armature/http`, `@armature/schema`) when a helper first needs
 * it, so projects that never use the helper need not install it. Missing: a clear error.
 */
export function requireOptionalPeer<T>(pkg: string, helper: string): T {
  try {
    return require(pkg) as T;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'MODULE_NOT_FOUND' && String((error as Error).message).includes(pkg)) {
      throw testingError(
        'ARM_ERR_OPTIONAL_PEER_MISSING',
        `${helper} needs ${pkg}, which is not installed. Install it: npm install --save-dev ${pkg}`,
        {
          cause: error,
        },
      );
    }
    throw error;
  }
}
