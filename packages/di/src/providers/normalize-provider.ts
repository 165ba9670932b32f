import { injectableScope } from './injectable-scope';
import type { ArmatureError } from '../errors/armature-error';
import { diError } from '../errors/di-error';
import { readConstructorDependencies, type DependencySpec } from '../metadata/constructor-dependencies';
import type { RecordModule } from './provider-record';
import { ForwardRef } from '../tokens/forward-ref';
import { isToken, tokenName, type Token } from '../tokens/token';
import type { Type } from '../tokens/type';
import { ProviderRecord } from './provider-record';
import { SCOPES, type Scope } from './scope';

type Entry = Record<string, unknown>;

/**
 * Turns one `providers`/`handlers` entry into a record, or explains why it is not a provider.
 * `where` names the entry (`providers[2] of AppModule`).
 */
export function normalizeProvider(entry: unknown, where: string, node: RecordModule, id: number): ProviderRecord | ArmatureError {
  if (typeof entry === 'function') return classRecord(entry as Type<unknown>, entry as Type<unknown>, undefined, node, id, where);
  if (entry === null || typeof entry !== 'object') return invalid(where, describeEntry(entry));
  const p = entry as Entry;
  if (!isToken(p.provide)) {
    return invalid(
      where,
      `has provide: ${tokenName(p.provide)}, which is not a token (a class, InjectionToken, string or symbol)${circularHint(p.provide)}`,
    );
  }
  const token = p.provide;
  if ('useClass' in p) {
    if (typeof p.useClass !== 'function')
      return invalid(where, `has useClass: ${tokenName(p.useClass)}, which is not a class${circularHint(p.useClass)}`);
    return classRecord(token, p.useClass as Type<unknown>, p.scope, node, id, where);
  }
  if ('useValue' in p) return new ProviderRecord(id, token, 'value', 'singleton', node, [], { value: p.useValue });
  if ('useFactory' in p) return factoryRecord(token, p, node, id, where);
  if ('useExisting' in p) {
    const spec = dependencySpec(p.useExisting, 0, false);
    if (!spec)
      return invalid(where, `has useExisting: ${tokenName(p.useExisting)}, which is not a token${circularHint(p.useExisting, true)}`);
    return new ProviderRecord(id, token, 'existing', 'singleton', node, [spec], {});
  }
  if (p.fromContext === true) {
    if (p.scope !== 'request' && p.scope !== 'session') {
      return invalid(where, `is fromContext, so its scope must be 'request' or 'session' (got ${String(p.scope)})`);
    }
    return new ProviderRecord(id, token, 'context', p.scope, node, [], {});
  }
  return invalid(where, `(provide: ${tokenName(token)}) has none of useClass, useValue, useFactory, useExisting or fromContext: true`);
}

function classRecord(
  token: Token,
  cls: Type<unknown>,
  scope: unknown,
  node: RecordModule,
  id: number,
  where: string,
): ProviderRecord | ArmatureError {
  const chosen = scope ?? injectableScope(cls) ?? 'singleton';
  if (!isScope(chosen)) return badScope(where, chosen);
  const deps = readConstructorDependencies(cls);
  return new ProviderRecord(id, token, 'class', chosen, node, deps.specs, { useClass: cls, metadataOwner: deps.owner });
}

function factoryRecord(token: Token, p: Entry, node: RecordModule, id: number, where: string): ProviderRecord | ArmatureError {
  if (typeof p.useFactory !== 'function') return invalid(where, `has useFactory: ${tokenName(p.useFactory)}, which is not a function`);
  const scope = p.scope ?? 'singleton';
  if (!isScope(scope)) return badScope(where, scope);
  const inject = p.inject ?? [];
  if (!Array.isArray(inject)) return invalid(where, 'has an inject that is not an array');
  const specs: DependencySpec[] = [];
  for (let i = 0; i < inject.length; i++) {
    const raw: unknown = inject[i];
    const described = raw !== null && typeof raw === 'object' && 'token' in raw ? (raw as Entry) : undefined;
    const spec = described ? dependencySpec(described.token, i, described.optional === true) : dependencySpec(raw, i, false);
    if (!spec)
      return invalid(
        where,
        `has inject[${i}] = ${tokenName(described ? described.token : raw)}, which is not a token${circularHint(described ? described.token : raw, true)}`,
      );
    specs.push(spec);
  }
  return new ProviderRecord(id, token, 'factory', scope, node, specs, { factory: p.useFactory as (...args: unknown[]) => unknown });
}

function dependencySpec(token: unknown, index: number, optional: boolean): DependencySpec | undefined {
  if (!(token instanceof ForwardRef) && !isToken(token)) return undefined;
  return { index, token, reflected: undefined, optional };
}

function isScope(value: unknown): value is Scope {
  return SCOPES.includes(value as Scope);
}

function badScope(where: string, scope: unknown): ArmatureError {
  return invalid(where, `has scope ${JSON.stringify(scope)}; expected one of ${SCOPES.map((s) => `'${s}'`).join(', ')}`);
}

function describeEntry(entry: unknown): string {
  if (entry === undefined || entry === null) return `is ${String(entry)}${circularHint(entry)}`;
  return `is ${tokenName(entry)}, which is not a class or a provider object { provide, use… }`;
}

/** For an undefined value: the usual cause, and the fix (`forwardRef` only where it is accepted). */
function circularHint(value: unknown, forwardable = false): string {
  if (value !== undefined) return '';
  const fix = forwardable ? 'write forwardRef(() => TheClass)' : 'move the class out of the import cycle';
  return `. This usually means a circular file import (the class was not defined yet when this list was evaluated): ${fix}`;
}

function invalid(where: string, text: string): ArmatureError {
  return diError('ARM_ERR_INVALID_PROVIDER', `${where} ${text}.`);
}
