import { LocalErrorCode } from '../errors/local-error-codes';
import { appliedWithoutDesignMetadata, readHandlerMethods, type HandlerClass } from '../metadata/handler-metadata';
import type { MethodRecord } from '../metadata/handler-metadata.types';
import type { LoadedMethod } from '../manifest/manifest-format';
import type { ManifestResolver } from '../manifest/manifest-resolver';
import type { BootProblems } from './boot-problems';
import { bindCompleters } from './completer-binding';
import type { HandlerInstances } from './handler-instances';
import { validatorsBeside } from './manifest-validators';
import { asDtoClass, designParamTypes, isContextType } from './param-types';
import type { ParamSlot } from './param-slots';
import type { RouteSource } from './route-source';
import { ScannedSource } from './scanned-source';

/** What scanning needs besides the class. */
export interface ScanEnvironment {
  readonly resolver: ManifestResolver;
  readonly problems: BootProblems;
  readonly warn: (message: string) => void;
}

function hasExplicitSchema(record: MethodRecord): boolean {
  return (
    (record.kind === 'tool' && record.options.inputSchema !== undefined) ||
    (record.kind === 'prompt' && record.options.arguments !== undefined)
  );
}

/**
 * Without a manifest entry only the context parameter can be recognised (by its design type).
 * A handler with an explicit schema gets the whole arguments object as its first other
 * parameter; a fixed resource needs no arguments; anything else needs `armature build`.
 */
function slotsWithoutManifest(
  owner: string,
  record: MethodRecord,
  types: readonly unknown[],
  designed: boolean,
  env: ScanEnvironment,
): ParamSlot[] {
  const slots: ParamSlot[] = types.map((t) => (isContextType(t) ? { kind: 'ctx' } : { kind: 'none' }));
  const free = slots.findIndex((s) => s.kind === 'none');
  if (free === -1 || record.kind === 'resource') return slots;
  if (hasExplicitSchema(record)) {
    slots[free] = { kind: 'whole' };
    // Without design types no parameter can be told to be the context (`armature build` leaves
    // them out of handler methods the manifest describes; so does a build without
    // emitDecoratorMetadata): say so rather than hand the handler an undefined context.
    if (!designed && types.length > 1)
      env.warn(
        `${owner} has no manifest entry and no design:paramtypes, so none of its parameters after the first can be recognised as the RequestContext (it would receive undefined). ` +
          'Ship the armature.manifest.json `armature build` wrote beside the compiled handlers (or pass it to Armature.create), or build with --keep-design-metadata.',
      );
    return slots;
  }
  env.problems.add(
    LocalErrorCode.SCHEMA_MISSING,
    `${owner} (@${decoratorName(record)}) takes parameters but no schema describes them: no armature.manifest.json entry was found ` +
      `for ${owner.split('.')[0]}. Run \`armature build\` to generate schemas from its TypeScript types` +
      (record.kind === 'tool' ? ', or give an explicit inputSchema.' : '.') +
      ' (A RequestContext parameter is recognised without a manifest only if it is imported as a value, not with `import type`.)',
  );
  return slots;
}

function decoratorName(record: MethodRecord): string {
  return record.kind === 'tool'
    ? 'Tool'
    : record.kind === 'prompt'
      ? 'Prompt'
      : record.kind === 'resource'
        ? 'Resource'
        : 'ResourceTemplate';
}

/**
 * Whether a method's design types are read: always, but for a method whose manifest entry
 * says all the boot needs (its kind, and positional arguments, so no DTO class to find) and
 * whose decorator `armature build` applied after dropping its design metadata.
 */
function needsDesignTypes(record: MethodRecord, entry: LoadedMethod | undefined): boolean {
  return entry === undefined || entry.kind !== record.kind || entry.argumentStyle === 'dto' || !appliedWithoutDesignMetadata(record);
}

/** Turns every decorated method of one handler class into route sources, reporting problems to `env`. */
export function scanHandlerClass(
  cls: HandlerClass,
  instances: HandlerInstances,
  env: ScanEnvironment,
  kinds?: ReadonlySet<MethodRecord['kind']>,
): RouteSource[] {
  const all = readHandlerMethods(cls);
  const records = kinds === undefined ? all : all.filter((r) => kinds.has(r.kind));
  const prototype = cls.prototype as Record<string, unknown>;
  const manifest = records.length > 0 ? env.resolver.resolve(cls) : undefined;
  if (manifest?.stale !== undefined) env.problems.add(LocalErrorCode.MANIFEST_STALE, manifest.stale);
  const precompiled = manifest?.file ? validatorsBeside(manifest.file, env.warn) : undefined;
  const seen = new Map<string, string>();
  const sources: RouteSource[] = [];
  for (const record of records) {
    const owner = `${cls.name}.${record.method}`;
    const previous = seen.get(record.method);
    if (previous !== undefined) {
      env.problems.add(
        LocalErrorCode.DUPLICATE_DECORATOR,
        `${owner} has both @${previous} and @${decoratorName(record)}; use one per method.`,
      );
      continue;
    }
    seen.set(record.method, decoratorName(record));
    const fn = prototype[record.method];
    if (typeof fn !== 'function') {
      env.problems.add(LocalErrorCode.DECORATOR_TARGET, `${owner} is decorated with @${decoratorName(record)} but is not a method.`);
      continue;
    }
    let entry = manifest && Object.hasOwn(manifest.handler.methods, record.method) ? manifest.handler.methods[record.method] : undefined;
    const designed = needsDesignTypes(record, entry) ? designParamTypes(prototype, record.method) : undefined;
    if (entry && entry.kind !== record.kind) {
      env.warn(
        `Manifest ${manifest?.origin} describes ${owner} as a ${entry.kind}, but it is decorated as a ${record.kind}: the manifest is stale. Run \`armature build\`.`,
      );
      entry = undefined;
    } else if (entry && designed !== undefined && designed.length !== entry.params.length) {
      env.warn(
        `Manifest ${manifest?.origin} lists ${entry.params.length} parameter(s) for ${owner}, which has ${designed.length}: the manifest is stale. Run \`armature build\`.`,
      );
    }
    // Without design types, as many unknown ones as the function declares.
    const types = designed ?? (entry ? undefined : new Array<unknown>(fn.length).fill(undefined));
    const slots = entry ? undefined : slotsWithoutManifest(owner, record, types as unknown[], designed !== undefined, env);
    const wholeAt = entry ? entry.params.indexOfRole('dto') : (slots as ParamSlot[]).findIndex((s) => s.kind === 'whole');
    const dtoStyle = record.kind === 'tool' && wholeAt !== -1 && (entry === undefined || entry.argumentStyle === 'dto');
    const dto = dtoStyle ? asDtoClass(types?.[wholeAt]) : undefined;
    const completers = bindCompleters(owner, record, prototype, env.problems);
    sources.push(
      new ScannedSource(
        owner,
        record,
        slots,
        fn as RouteSource['fn'],
        instances,
        entry,
        manifest?.schemas,
        precompiled,
        dto,
        completers,
        cls,
      ),
    );
  }
  if (manifest && kinds === undefined) {
    for (const name of Object.keys(manifest.handler.methods)) {
      if (!seen.has(name))
        env.warn(
          `Manifest ${manifest.origin} describes ${cls.name}.${name}, which is not decorated: the manifest is stale. Run \`armature build\`.`,
        );
    }
  }
  return sources;
}
