import type { ArmatureError } from '../errors/armature-error';
import { diError } from '../errors/di-error';
import type { BoundDependency, ProviderRecord } from '../providers/provider-record';
import { ForwardRef } from '../tokens/forward-ref';
import { tokenName, tokenSource, type Token } from '../tokens/token';
import { ownersOf } from './dependency-binder';
import type { ResolutionPaths } from './resolution-paths';

/** Built-in types a parameter may be declared with that can never name a provider. */
const BUILT_INS: readonly unknown[] = [String, Number, Boolean, Symbol, BigInt, Array, Promise, Map, Set, Date, RegExp];

/**
 * One error per failed dependency (one per class for missing metadata), in the order the
 * walk from the roots reached them, each naming the whole path and the fix.
 */
export function bindingProblems(paths: ResolutionPaths, records: readonly ProviderRecord[]): ArmatureError[] {
  const problems: ArmatureError[] = [];
  for (const record of paths.order) {
    if (record.deps.every((d) => d.failure === undefined)) continue;
    const path = paths.pathTo(record);
    const missing = record.deps.filter((d) => d.failure === 'no-metadata');
    if (missing.length > 0) problems.push(missingMetadata(record, path, missing));
    for (const dep of record.deps) {
      const at = `(${record.site(dep.spec.index)})`;
      if (dep.failure === 'erased') problems.push(erased(path, at, dep));
      else if (dep.failure === 'bad-forward-ref') problems.push(badForwardRef(path, at, dep));
      else if (dep.failure === 'unknown') problems.push(unknown(path, at, dep.token as Token));
      else if (dep.failure === 'not-visible') problems.push(notVisible(record, path, at, dep.token as Token, records));
    }
  }
  return problems;
}

function cannotResolve(path: readonly string[], last: string | undefined, at: string): string {
  return `cannot resolve ${(last === undefined ? path : [...path, last]).join(' -> ')} ${at}`;
}

function unknown(path: readonly string[], at: string, token: Token): ArmatureError {
  const head = cannotResolve(path, tokenName(token), at);
  if (BUILT_INS.includes(token)) {
    return diError(
      'ARM_ERR_UNKNOWN_DEPENDENCY',
      `${head}: the parameter is typed as the built-in ${tokenName(token)}, which cannot name a provider. ` +
        'Inject it by token: @Inject(TOKEN), with providers: [{ provide: TOKEN, useValue: … }].',
    );
  }
  const registration = typeof token === 'function' ? tokenName(token) : `{ provide: ${tokenSource(token)}, useValue: … }`;
  return diError('ARM_ERR_UNKNOWN_DEPENDENCY', `${head}. Register it: providers: [${registration}].`);
}

function notVisible(
  record: ProviderRecord,
  path: readonly string[],
  at: string,
  token: Token,
  records: readonly ProviderRecord[],
): ArmatureError {
  const owners = ownersOf(records, token);
  const owner = owners[0].module;
  const also = owners.length > 1 ? ` (also by ${[...new Set(owners.slice(1).map((o) => o.module.name))].join(', ')})` : '';
  const here = record.module.name;
  const name = tokenName(token);
  const source = tokenSource(token);
  const exported = owner.exportTokens.includes(token);
  const imported = record.module.imports.includes(owner);
  let why: string;
  if (exported) {
    why = `${name} is provided and exported by ${owner.name}${also}, which ${here} does not import. Add ${owner.name} to the imports of ${here}.`;
  } else if (imported) {
    why = `${name} is provided by ${owner.name}${also}, which ${here} imports, but ${owner.name} does not export it. Add ${source} to the exports of ${owner.name}.`;
  } else {
    why =
      `${name} is provided by ${owner.name}${also}, which does not export it and is not imported by ${here}. ` +
      `Add ${source} to the exports of ${owner.name}, and ${owner.name} to the imports of ${here}.`;
  }
  return diError('ARM_ERR_PROVIDER_NOT_VISIBLE', `${cannotResolve(path, name, at)}: ${why}`);
}

function erased(path: readonly string[], at: string, dep: BoundDependency): ArmatureError {
  return diError(
    'ARM_ERR_ERASED_TYPE',
    `${cannotResolve(path, '?', at)}: the parameter type was reflected as ${reflectedName(dep.spec.reflected)}, so it names no provider. ` +
      'TypeScript erases `import type` imports, interfaces, type aliases and unions at run time. ' +
      'Use @Inject(token) on the parameter, or import the class with a value import (not `import type`); ' +
      'for a class in a circular file import, use @Inject(forwardRef(() => TheClass)).',
  );
}

function reflectedName(reflected: unknown): string {
  return typeof reflected === 'function' ? reflected.name : String(reflected);
}

function badForwardRef(path: readonly string[], at: string, dep: BoundDependency): ArmatureError {
  const returned = (dep.spec.token as ForwardRef).forwardRef();
  return diError(
    'ARM_ERR_INVALID_PROVIDER',
    `${cannotResolve(path, '?', at)}: forwardRef(() => …) returned ${tokenName(returned)}, which is not a token. ` +
      'Return the class (or token) from the function, and check that its file exports it.',
  );
}

function missingMetadata(record: ProviderRecord, path: readonly string[], missing: readonly BoundDependency[]): ArmatureError {
  const cls = record.source.useClass as Function;
  const owner = record.source.metadataOwner ?? cls;
  const count = owner.length > 0 ? owner.length : missing.length;
  const params = count === 1 ? '1 constructor parameter' : `${count} constructor parameters`;
  const subject = owner === cls ? `${cls.name} has` : `${cls.name} inherits the constructor of ${owner.name}, which has`;
  return diError(
    'ARM_ERR_MISSING_METADATA',
    `${cannotResolve(path, undefined, `(${record.site(missing[0].spec.index)})`)}: ${subject} ${params} but no design:paramtypes metadata. ` +
      'TypeScript emits constructor parameter types only for classes with a class decorator: ' +
      `add @Injectable() to ${owner.name} (with emitDecoratorMetadata enabled), or @Inject(token) to every parameter.`,
  );
}
