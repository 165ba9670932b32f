import type { ProviderRecord } from '../providers/provider-record';
import type { Token } from '../tokens/token';
import type { DynamicModule, ModuleClass, ModuleMetadata } from './module.types';

/** A module of a container, as `container.modules` and `HandlerRef.module` describe it. */
export interface ModuleInfo {
  /** The module class name. */
  readonly name: string;
  readonly type: ModuleClass;
  /** True when it came from a dynamic module object (`forRoot()`). */
  readonly dynamic: boolean;
  readonly global: boolean;
}

/** One module instance in the graph. Internal. */
export class ModuleNode {
  readonly imports: ModuleNode[] = [];
  /** Own providers and handlers, by token; a later entry with the same token replaces an earlier one. */
  readonly providers = new Map<Token, ProviderRecord>();
  readonly handlers: ProviderRecord[] = [];
  readonly exportTokens: Token[] = [];
  readonly exportModules: ModuleNode[] = [];
  /** Every provider this module can inject, by token (set at boot). */
  visible = new Map<Token, ProviderRecord>();
  readonly info: ModuleInfo;

  constructor(
    readonly id: number,
    readonly source: ModuleClass | DynamicModule,
    readonly type: ModuleClass,
    readonly metadata: ModuleMetadata,
  ) {
    this.info = Object.freeze({
      name: type.name || '<anonymous module>',
      type,
      dynamic: source !== type,
      global: metadata.global === true,
    });
  }

  /** The module's name in messages. */
  get name(): string {
    return this.info.name;
  }
}
