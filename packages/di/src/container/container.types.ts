import type { ModuleInfo } from '../modules/module-node';
import type { Provider } from '../providers/provider.types';
import type { Scope } from '../providers/scope';
import type { Type } from '../tokens/type';

/** A handler class of a module, as `container.handlers` lists it. */
export interface HandlerRef {
  /** The handler class (also its token). */
  readonly type: Type<object>;
  /** Effective scope: how the kernel should obtain the instance (`get` for singletons, `resolve` otherwise). */
  readonly scope: Scope;
  /** The module that declares it; pass it to `get`/`resolve` to resolve from that module. */
  readonly module: ModuleInfo;
}

/** Options of `Container.create`. */
export interface ContainerOptions {
  /**
   * Providers that replace the declared provider of the same token wherever it is declared
   * (the module keeps owning and exporting it); for tests and fakes. Tokens nobody declares are ignored.
   */
  readonly overrides?: readonly Provider[];
}
