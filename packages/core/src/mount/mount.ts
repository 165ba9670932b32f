import type { DynamicModule, ForwardRef, ModuleClass } from '@armature/di';

/** Options of {@link mount}. */
export interface MountOptions {
  /**
   * The namespace: tool and prompt names become `<prefix>_<name>`, resource URIs and templates
   * `scheme://<prefix>/rest` (or `scheme:<prefix>/rest`). 1–64 characters of `A-Za-z0-9_.-`.
   */
  readonly prefix: string;
}

/** The prefix of each mount's wrapper module class. */
const prefixes = new WeakMap<ModuleClass, string>();

/**
 * Imports `module` under a namespace: every tool, prompt, resource and resource template its
 * handlers (and those of the modules it imports) serve is served under `prefix`.
 * Its exported providers stay injectable as if it were imported directly.
 *
 * @example
 * ```ts
 * @Module({ imports: [mount(GitHubModule, { prefix: 'github' })] })
 * class AppModule {} // GitHubModule's `search` tool is served as `github_search`
 * ```
 */
export function mount(module: ModuleClass | DynamicModule | ForwardRef<unknown>, options: MountOptions): DynamicModule {
  // A class of its own per mount: the module graph keeps it as one node, which the app finds by it.
  const wrapper = { [`Mount(${String(options.prefix)})`]: class {} }[`Mount(${String(options.prefix)})`] as ModuleClass;
  prefixes.set(wrapper, options.prefix);
  return { module: wrapper, imports: [module], exports: [module] };
}

/** The prefix a module class mounts under, when it is a mount's wrapper. */
export function mountPrefixOf(type: ModuleClass): string | undefined {
  return prefixes.get(type);
}
