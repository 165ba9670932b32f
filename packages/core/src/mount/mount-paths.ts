import { ArmatureError, type Container, type ModuleInfo } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';
import { mountPrefixOf } from './mount';
import { mountPrefixProblem, type MountPath } from './mount-naming';

const NO_MOUNT: MountPath = Object.freeze([]);

/**
 * The mount path of every module that declares handlers, from the module graph: the prefixes
 * of the `mount()` wrappers on the way from the root, outermost first. Throws one
 * `ArmatureError` listing every invalid prefix (`ARM_ERR_MOUNT_PREFIX`) and every module with
 * handlers reached under two different paths (`ARM_ERR_MOUNT_AMBIGUOUS`): its names would
 * depend on which import won.
 */
export function mountPaths(container: Container): ReadonlyMap<ModuleInfo, MountPath> {
  const [root] = container.modules;
  const found = new Map<ModuleInfo, Map<string, MountPath>>();
  const problems: ArmatureError[] = [];
  const badPrefixes = new Set<ModuleInfo>();
  const onPath = new Set<ModuleInfo>();

  const visit = (module: ModuleInfo, above: MountPath): void => {
    // A cycle of imports adds nothing new, and through a mount it would never end.
    if (onPath.has(module)) return;
    const prefix = mountPrefixOf(module.type);
    if (prefix !== undefined) {
      const why = mountPrefixProblem(prefix);
      if (why !== undefined && !badPrefixes.has(module)) {
        badPrefixes.add(module);
        problems.push(
          new ArmatureError(
            LocalErrorCode.MOUNT_PREFIX,
            `mount prefix ${JSON.stringify(prefix).slice(0, 80)} ${why}. Use 1–64 characters of A-Za-z0-9_.- (e.g. "github").`,
          ),
        );
      }
    }
    const path = prefix === undefined ? above : Object.freeze([...above, prefix]);
    const key = path.join('\u0000');
    const paths = found.get(module) ?? new Map<string, MountPath>();
    if (paths.has(key)) return;
    paths.set(key, path);
    found.set(module, paths);
    onPath.add(module);
    for (const child of container.importsOf(module)) visit(child, path);
    onPath.delete(module);
  };
  if (root !== undefined) visit(root, NO_MOUNT);

  const result = new Map<ModuleInfo, MountPath>();
  const pathOfClass = new Map<object, MountPath>();
  for (const ref of container.handlers) {
    // One handler class serves one set of routes: two modules (two `forRoot()`s) listing it cannot serve it under two paths.
    const path = found.get(ref.module)?.values().next().value ?? NO_MOUNT;
    const earlier = pathOfClass.get(ref.type);
    if (earlier !== undefined && earlier.join('/') !== path.join('/')) {
      problems.push(
        new ArmatureError(
          LocalErrorCode.MOUNT_AMBIGUOUS,
          `${ref.type.name} is a handler of modules mounted ${shownPath(earlier)} and ${shownPath(path)}; a handler class is served once. ` +
            'Mount the module once, or give each mount handler classes of its own.',
        ),
      );
    }
    pathOfClass.set(ref.type, path);
    if (result.has(ref.module)) continue;
    const paths = [...(found.get(ref.module)?.values() ?? [])];
    if (paths.length > 1) {
      const shown = paths.map(shownPath).join(' and ');
      problems.push(
        new ArmatureError(
          LocalErrorCode.MOUNT_AMBIGUOUS,
          `${ref.module.name} declares handlers and is imported ${shown}, so its names would depend on the import. ` +
            'Import a module with handlers in one place (move the services other modules need into a module of their own).',
        ),
      );
    }
    result.set(ref.module, paths[0] ?? NO_MOUNT);
  }
  throwAll(problems);
  return result;
}

function shownPath(path: MountPath): string {
  return path.length === 0 ? 'without a prefix' : `under "${path.join('/')}"`;
}

function throwAll(problems: readonly ArmatureError[]): void {
  const [first] = problems;
  if (first === undefined) return;
  if (problems.length === 1) throw first;
  const list = problems.map((p) => `  ${p.code}: ${p.message}`).join('\n');
  throw new ArmatureError(first.code, `${problems.length} problems with mounts:\n${list}`, { cause: new AggregateError(problems) });
}
