import type { RequestContext } from '../context/request-context';
import type { CompletionValues, MethodRecord } from '../metadata/handler-metadata.types';
import type { LoadedMethod } from '../manifest/manifest-format';
import type { SchemaTable } from '../manifest/schema-table';
import type { DtoClass } from '../validation/dto-validation';
import type { PrecompiledValidators } from '../validation/precompiled-validators';
import type { HandlerInstances } from './handler-instances';
import type { ParamSlot } from './param-slots';
import type { MountPath } from '../mount/mount-naming';

/** A completer bound at boot: called with the handler instance of the call. */
export type BoundCompleter = (
  instance: object,
  value: string,
  args: Readonly<Record<string, string>>,
  ctx: RequestContext,
) => CompletionValues | Promise<CompletionValues>;

/**
 * One route before compilation, whatever its origin (a decorated method or a definition
 * registered at run time): what it is, how to call it and what the manifest says of it.
 */
export interface RouteSource {
  /** For messages: `NotesHandlers.create`, or `tool "x" (registered definition)`. */
  readonly owner: string;
  readonly record: MethodRecord;
  readonly slots: readonly ParamSlot[];
  /** The handler function, called with the handler instance as `this`. */
  readonly fn: (this: object, ...args: unknown[]) => unknown;
  readonly instances: HandlerInstances;
  readonly manifest: LoadedMethod | undefined;
  /** The schemas of the manifest `manifest` comes from (its `inputSchema`/`outputSchema` index them). */
  readonly schemas?: SchemaTable;
  /** Validators precompiled by `armature build` for the manifest `manifest` comes from. */
  readonly precompiled?: PrecompiledValidators;
  /** The DTO class the whole arguments object is turned into, if any. */
  readonly dto: DtoClass | undefined;
  /** Completers by argument or variable name. */
  readonly completers: ReadonlyMap<string, BoundCompleter>;
  /** The handler class (undefined for registered definitions). */
  readonly handlerClass: object | undefined;
  /** The mount path it is served under (`mount()`), outermost prefix first; absent when not mounted. */
  readonly mount?: MountPath;
}
