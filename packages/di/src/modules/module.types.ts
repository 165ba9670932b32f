import type { ForwardRef } from '../tokens/forward-ref';
import type { Token } from '../tokens/token';
import type { Type } from '../tokens/type';
import type { Provider } from '../providers/provider.types';

/** A class decorated with `@Module` (or the `module` class of a dynamic module). */
export type ModuleClass = Type<unknown>;

/**
 * A module built at run time, typically returned by `static forRoot(options)`. Its lists add
 * to the `@Module` metadata of `module`, if any. Each distinct object is a distinct module
 * instance; importing the same object twice imports one module.
 */
export interface DynamicModule extends ModuleMetadata {
  readonly module: ModuleClass;
}

/** What `imports` accepts: a module class, a dynamic module, or either behind `forwardRef`. */
export type ModuleImport = ModuleClass | DynamicModule | ForwardRef<unknown>;

/** What `exports` accepts: tokens of the module's own providers, or modules it imports (re-export); `forwardRef` allowed. */
export type ModuleExport = Token | DynamicModule | ForwardRef<unknown>;

/** The metadata of `@Module`. */
export interface ModuleMetadata {
  /** Modules whose exports this module's providers and handlers may inject. */
  readonly imports?: readonly ModuleImport[];
  /** Providers owned by this module, visible inside it. */
  readonly providers?: readonly Provider[];
  /** Tokens and imported modules made visible to modules that import this one. */
  readonly exports?: readonly ModuleExport[];
  /** Classes whose decorated methods the MCP kernel routes to; providers too. */
  readonly handlers?: readonly Type<object>[];
  /** Makes the exports visible to every module without importing (it must still be imported once). */
  readonly global?: boolean;
}
