import { ArmatureError } from '../errors/armature-error';
import { diError } from '../errors/di-error';
import { callHook } from '../lifecycle/lifecycle.interfaces';
import { errorText } from '../lifecycle/run-hooks';
import type { BoundDependency, ProviderRecord } from '../providers/provider-record';
import { tokenSource } from '../tokens/token';
import { forwardProxy } from './forward-proxy';
import type { InstanceStore } from './instance-store';
import { pathText, type PathNode } from './resolution-path';

/** Work left for the end of one top-level resolution: filling forwardRef proxies. */
interface ResolveCall {
  readonly later: (() => Promise<void>)[];
}

type Construct = new (...args: unknown[]) => unknown;

/**
 * Creates instances from bound provider records. Every dependency is already bound to its
 * record, so nothing is looked up or reflected here; a built singleton is returned as is.
 */
export class Resolver {
  constructor(private readonly root: InstanceStore) {}

  /** Resolves `record` from `store`, then fills any forwardRef proxies created on the way. */
  async resolveTop(record: ProviderRecord, store: InstanceStore): Promise<unknown> {
    if (record.built) return record.instance;
    const call: ResolveCall = { later: [] };
    const value = await this.instantiate(record, store, null, call);
    for (let i = 0; i < call.later.length; i++) await call.later[i]();
    return value;
  }

  private async instantiate(record: ProviderRecord, from: InstanceStore, parent: PathNode | null, call: ResolveCall): Promise<unknown> {
    if (record.built) return record.instance;
    const path: PathNode = { record, parent };
    if (record.kind === 'value') return record.source.value;
    if (record.kind === 'existing') return this.instantiate(record.deps[0].target as ProviderRecord, from, path, call);
    const owner = this.ownerOf(record, from, path);
    if (record.kind === 'context') return seeded(record, owner, path);
    if (record.declaredScope === 'transient') return this.track(owner, this.create(record, owner, path, call));
    let pending = owner.cache.get(record);
    if (!pending) {
      const created = this.track(owner, this.create(record, owner, path, call));
      pending = created;
      owner.cache.set(record, created);
      created.catch(() => owner.cache.get(record) === created && owner.cache.delete(record));
    }
    return pending;
  }

  private async create(record: ProviderRecord, owner: InstanceStore, path: PathNode, call: ResolveCall): Promise<unknown> {
    const args: unknown[] = [];
    for (const dep of record.deps) {
      const t = dep.target;
      if (!t) args.push(undefined);
      else if (t.built) args.push(t.instance);
      else if (dep.lazy) args.push(this.lazy(record, dep, owner, path, call));
      else args.push(await this.instantiate(t, owner, path, call));
    }
    let instance: unknown;
    try {
      instance =
        record.kind === 'class'
          ? new (record.source.useClass as unknown as Construct)(...args)
          : await (record.source.factory as (...a: unknown[]) => unknown)(...args);
    } catch (error) {
      throw failed(path, record.kind === 'class' ? 'constructor' : 'factory', error);
    }
    if (owner.tracks) owner.owned.push({ instance, label: record.label });
    try {
      await callHook(instance, 'onInit');
    } catch (error) {
      throw failed(path, 'onInit', error);
    }
    if (record.declaredScope === 'singleton') {
      record.instance = instance;
      record.built = true;
    }
    return instance;
  }

  /** A proxy now; the real instance once the current top-level resolution has finished. */
  private lazy(record: ProviderRecord, dep: BoundDependency, owner: InstanceStore, path: PathNode, call: ResolveCall): object {
    const target = dep.target as ProviderRecord;
    const forward = forwardProxy(
      () =>
        `${record.label} used its forwardRef dependency ${target.label} (${record.site(dep.spec.index)}) before ${target.label} was created. ` +
        'Inside a dependency cycle a forwardRef dependency is a lazy proxy that works once resolution completes: ' +
        'use it in methods, not in the constructor or onInit.',
    );
    call.later.push(async () => forward.fill(await this.instantiate(target, owner, path, call)));
    return forward.proxy;
  }

  /** The store an instance of `record` lives in, seen from `from`. */
  private ownerOf(record: ProviderRecord, from: InstanceStore, path: PathNode): InstanceStore {
    let owner: InstanceStore | undefined;
    switch (record.declaredScope) {
      case 'singleton':
        owner = this.root;
        break;
      case 'transient':
        owner = from;
        break;
      case 'session':
        owner = from.kind === 'session' ? from : from.kind === 'request' ? from.parent : undefined;
        break;
      case 'request':
        owner = from.kind === 'request' ? from : undefined;
        break;
    }
    if (!owner) throw contextRequired(record, from, pathText(path));
    if (owner.disposed)
      throw diError('ARM_ERR_CONTEXT_DISPOSED', `cannot resolve ${pathText(path)}: its ${owner.kind} context was disposed.`);
    return owner;
  }

  private track(store: InstanceStore, pending: Promise<unknown>): Promise<unknown> {
    store.inflight.add(pending);
    const done = (): void => void store.inflight.delete(pending);
    pending.then(done, done);
    return pending;
  }
}

function seeded(record: ProviderRecord, owner: InstanceStore, path: PathNode): unknown {
  if (owner.seeded.has(record.token)) return owner.seeded.get(record.token);
  throw diError(
    'ARM_ERR_CONTEXT_VALUE_MISSING',
    `cannot resolve ${pathText(path)}: ${record.label} comes from the ${record.declaredScope} context (fromContext: true), but it was not seeded. ` +
      `Call ctx.provide(${tokenSource(record.token)}, value) on the ${record.declaredScope} context before resolving.`,
  );
}

/** Explains which context a record needs and how to open it. */
export function contextRequired(record: ProviderRecord, from: InstanceStore, path: string): ArmatureError {
  const scope = record.scope;
  const effectively = record.uncached ? `effectively ${scope}-scoped (it needs ${scope}-scoped providers)` : `${scope}-scoped`;
  const subject = `cannot resolve ${path}: ${record.label} is ${effectively}`;
  let text: string;
  if (scope === 'request') {
    text = `${subject}, so resolve it from a request context: container.createContext('request', sessionCtx).resolve(…).`;
  } else if (from.kind === 'request') {
    text = `${subject}, but this request context has no session context: create it with container.createContext('request', sessionCtx).`;
  } else {
    text = `${subject}, so resolve it from a session context (container.createContext('session')) or from a request context created with one.`;
  }
  return diError('ARM_ERR_CONTEXT_REQUIRED', text);
}

function failed(path: PathNode, what: string, error: unknown): ArmatureError {
  return diError(
    'ARM_ERR_PROVIDER_FAILED',
    `cannot resolve ${pathText(path)}: the ${what} of ${path.record.label} threw: ${errorText(error)}`,
    { cause: error },
  );
}
