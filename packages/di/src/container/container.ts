import { diError } from '../errors/di-error';
import { runHooksInReverse } from '../lifecycle/run-hooks';
import type { ModuleInfo, ModuleNode } from '../modules/module-node';
import type { DynamicModule, ModuleClass } from '../modules/module.types';
import type { ProviderRecord } from '../providers/provider-record';
import type { ContextScope, Scope } from '../providers/scope';
import { InstanceStore } from '../resolution/instance-store';
import { ResolutionContext, type ContextHost } from '../resolution/resolution-context';
import { contextRequired, Resolver } from '../resolution/resolver';
import { tokenName, type Token } from '../tokens/token';
import type { Type } from '../tokens/type';
import { buildGraph, type Graph } from './build-graph';
import type { ContainerOptions, HandlerRef } from './container.types';

/**
 * The dependency-injection container of one application: the checked module graph, its
 * singletons, and the factory of resolution contexts. Made only by `Container.create`.
 */
export class Container {
  /** Every handler class of every module: modules depth-first from the root, handlers in declared order. */
  readonly handlers: readonly HandlerRef[];
  /** Every module, depth-first from the root (root first, imports in declared order). */
  readonly modules: readonly ModuleInfo[];
  private readonly lookup = new Map<Token, ProviderRecord>();
  private readonly nodeOf = new Map<ModuleInfo, ModuleNode>();
  private readonly declarations = new Map<Token, ContextScope | 'provider'>();
  private readonly root = new InstanceStore('root', undefined, true);
  private readonly detached = new InstanceStore('root', undefined, false);
  private readonly resolver = new Resolver(this.root);
  /** What contexts call back into; kept off the public surface. */
  private readonly host: ContextHost = {
    resolveIn: (token, ctx) => this.resolve(token, ctx),
    declarationOf: (token) => this.declarations.get(token),
  };
  private closing: Promise<void> | undefined;

  private constructor(private readonly graph: Graph) {
    const [rootNode] = graph.nodes;
    for (const [token, record] of rootNode.visible) this.lookup.set(token, record);
    for (const node of graph.nodes) {
      this.nodeOf.set(node.info, node);
      for (const [token, record] of node.providers) {
        if (!this.lookup.has(token)) this.lookup.set(token, record);
        // fromContext wins when a token is declared both ways in different modules.
        const declaration = record.kind === 'context' ? (record.declaredScope as ContextScope) : 'provider';
        if (this.declarations.get(token) === undefined || this.declarations.get(token) === 'provider')
          this.declarations.set(token, declaration);
      }
    }
    this.modules = Object.freeze(graph.nodes.map((n) => n.info));
    this.handlers = Object.freeze(
      graph.nodes.flatMap((node) =>
        node.handlers.map((r): HandlerRef => Object.freeze({ type: r.token as Type<object>, scope: r.scope, module: node.info })),
      ),
    );
  }

  /**
   * Checks the whole graph reached from `root` (unknown or invisible dependencies, erased
   * types, missing metadata, cycles, scope widening), throwing every problem found in one
   * `ArmatureError` before anything is constructed; then builds every singleton in
   * dependency order and awaits its `onInit`.
   */
  static async create(root: ModuleClass | DynamicModule, options: ContainerOptions = {}): Promise<Container> {
    const container = new Container(buildGraph(root, options));
    try {
      await container.boot();
    } catch (error) {
      await container.close().catch(() => undefined);
      throw error;
    }
    return container;
  }

  /** The modules `module` imports, in declared order (the edges of the module graph). */
  importsOf(module: ModuleInfo): readonly ModuleInfo[] {
    return (this.nodeOf.get(module)?.imports ?? []).map((node) => node.info);
  }

  /** True when `token` is provided (seen from `from`, else from the root module, else any module). */
  has(token: Token, from?: ModuleInfo): boolean {
    return this.recordOf(token, from) !== undefined;
  }

  /** The effective scope of `token`: a transient that needs a request-scoped provider is `request`. */
  scopeOf(token: Token, from?: ModuleInfo): Scope {
    return this.find(token, from).scope;
  }

  /** A singleton, synchronously: a map lookup. Throws `ARM_ERR_NOT_SINGLETON` for other scopes. */
  get<T>(token: Token<T>, from?: ModuleInfo): T {
    const record = this.find(token, from);
    if (!record.built) {
      const scope = record.scope === 'transient' ? 'transient' : `${record.scope}-scoped`;
      throw diError(
        'ARM_ERR_NOT_SINGLETON',
        `get(${tokenName(token)}): ${record.label} is ${scope}, not a singleton. ` +
          `Use await container.resolve(${tokenName(token)}, ctx).`,
      );
    }
    return record.instance as T;
  }

  /**
   * Resolves `token` of any scope. Request- and session-scoped tokens need a context; without
   * one, transients are created for the caller (no hooks will run on them later).
   */
  resolve<T>(token: Token<T>, ctx?: ResolutionContext, from?: ModuleInfo): Promise<T> {
    try {
      const record = this.find(token, from);
      if (record.built) return Promise.resolve(record.instance as T);
      if (ctx && ctx.host !== this.host) {
        throw diError('ARM_ERR_INVALID_CONTEXT', 'this resolution context belongs to another container.');
      }
      ctx?.assertOpen();
      const store = ctx ? ctx.store : this.detached;
      if (!fits(record.scope, store)) throw contextRequired(record, store, record.label);
      return this.resolver.resolveTop(record, store) as Promise<T>;
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** Opens a session context. */
  createContext(kind: 'session'): ResolutionContext;
  /** Opens a request context; with a session context as parent, session-scoped providers resolve there. */
  createContext(kind: 'request', session?: ResolutionContext): ResolutionContext;
  createContext(kind: ContextScope, parent?: ResolutionContext): ResolutionContext {
    this.assertOpen();
    if (kind !== 'session' && kind !== 'request') {
      throw diError('ARM_ERR_INVALID_CONTEXT', `createContext(${JSON.stringify(kind)}): the kind must be 'session' or 'request'.`);
    }
    const validParent = parent instanceof ResolutionContext && parent.kind === 'session' && parent.host === this.host;
    if (parent !== undefined && (kind !== 'request' || !validParent)) {
      throw diError(
        'ARM_ERR_INVALID_CONTEXT',
        `createContext('${kind}', parent): only a request context takes a parent, and it must be a session context of this container.`,
      );
    }
    return new ResolutionContext(this.host, kind, parent);
  }

  /** Runs `onShutdown` on singletons (and the transients they own) in reverse creation order; idempotent. */
  close(): Promise<void> {
    this.closing ??= runHooksInReverse(this.root.owned, 'onShutdown', 'the container');
    return this.closing;
  }

  private async boot(): Promise<void> {
    for (const r of this.graph.records) {
      if (r.kind === 'value') {
        r.instance = r.source.value;
        r.built = true;
      }
    }
    // Imported modules first, so independent providers are built before the modules that use them.
    const order = [...this.graph.nodes].reverse().flatMap((n) => [...n.providers.values()]);
    for (const r of order) {
      if (r.scope === 'singleton' && (r.kind === 'class' || r.kind === 'factory')) await this.resolver.resolveTop(r, this.root);
    }
    for (const r of order) {
      if (r.kind === 'existing' && r.scope === 'singleton') {
        r.instance = await this.resolver.resolveTop(r, this.root);
        r.built = true;
      }
    }
  }

  private recordOf(token: Token, from: ModuleInfo | undefined): ProviderRecord | undefined {
    return from === undefined ? this.lookup.get(token) : this.nodeOf.get(from)?.visible.get(token);
  }

  private find(token: Token, from: ModuleInfo | undefined): ProviderRecord {
    this.assertOpen();
    const record = this.recordOf(token, from);
    if (record) return record;
    const where = from === undefined ? 'any module of this container' : `module ${from.name}`;
    throw diError('ARM_ERR_UNKNOWN_TOKEN', `${tokenName(token)} is not provided by ${where}. Register it in a module's providers.`);
  }

  private assertOpen(): void {
    if (this.closing) throw diError('ARM_ERR_CONTAINER_CLOSED', 'the container was closed; create a new one.');
  }
}

/** Whether an instance of effective `scope` can be resolved from `store`. */
function fits(scope: Scope, store: InstanceStore): boolean {
  if (scope === 'request') return store.kind === 'request';
  if (scope === 'session') return store.kind === 'session' || (store.kind === 'request' && store.parent !== undefined);
  return true;
}
