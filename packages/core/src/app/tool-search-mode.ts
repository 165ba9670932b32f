import { ArmatureError } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';
import type { ManifestResolver } from '../manifest/manifest-resolver';
import type { ServerLogger } from '../logging/server-logger';
import type { ToolRegistry } from '../registries/tools.registry';
import type { RouteTables } from '../routes/route-tables';
import { searchToolDefinitions } from '../tool-search/search-tool-definitions';
import { ToolSearch } from '../tool-search/tool-search';
import { resolveToolSearchOptions } from '../tool-search/tool-search-options';
import type { ArmatureOptions } from './armature-options';

/**
 * Turns search mode on when the `toolSearch` option asks for it: loads the index files beside the
 * app's manifests (refusing a missing or stale one as a stale manifest is refused) and registers
 * `search_tools` and `call_tool`. Returns undefined when the option is off.
 */
export function startToolSearch(
  options: ArmatureOptions,
  tools: ToolRegistry,
  tables: RouteTables,
  resolverOf: () => ManifestResolver,
  logger: ServerLogger,
): ToolSearch | undefined {
  if (options.toolSearch === undefined || options.toolSearch === false) return undefined;
  const resolved = resolveToolSearchOptions(options.toolSearch);
  // Checked by `serverInfoOf` before anything was built.
  if (typeof resolved === 'string') throw new ArmatureError(LocalErrorCode.INVALID_OPTIONS, `Armature.create: ${resolved}.`);
  const search = new ToolSearch(
    tables,
    resolved,
    resolverOf,
    options.allowUnauthenticated === true,
    options.allowStaleManifest === true,
    logger,
  );
  for (const definition of searchToolDefinitions(search)) {
    if (tools.has(definition.name)) {
      throw new ArmatureError(
        LocalErrorCode.DUPLICATE_NAME,
        `toolSearch: the app serves a tool named ${JSON.stringify(definition.name)}, the name of a search tool; rename it (e.g. @Tool({ name: '…' })) or turn toolSearch off.`,
      );
    }
    tools.register(definition);
  }
  for (const name of resolved.pinned)
    if (!tools.has(name))
      logger.warn(`toolSearch: pinned tool ${JSON.stringify(name)} is not served (yet); it is listed once it is registered.`);
  return search;
}
