import { uriUnder } from '../mount/mount-naming';
import type { RouteTables } from './route-tables';

/**
 * The URIs to announce when a handler reports `uri` updated (`McpNotifier.resourceUpdated`).
 * A handler of a mounted module speaks its own namespace, so when no route serves `uri` as
 * given, it is announced under each mount whose resource or template serves it there
 * (usually one); when none does, as given.
 */
export function servedUris(tables: RouteTables, uri: string): readonly string[] {
  if (tables.resources.has(uri)) return [uri];
  const templates = tables.templates.allRoutes();
  if (templates.some((t) => t.source.mount === undefined && t.matcher.match(uri) !== null)) return [uri];
  const served = new Set<string>();
  for (const resource of tables.resources.allRoutes()) {
    const path = resource.source.mount;
    if (path !== undefined && uriUnder(path, uri) === resource.uri) served.add(resource.uri);
  }
  for (const template of templates) {
    const path = template.source.mount;
    if (path === undefined) continue;
    const candidate = uriUnder(path, uri);
    if (template.matcher.match(candidate) !== null) served.add(candidate);
  }
  return served.size > 0 ? [...served] : [uri];
}
