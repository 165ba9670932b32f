import { ArmatureError } from '@armature/di';
import type { AuthInfo } from '../context/request-context';
import { LocalErrorCode } from '../errors/local-error-codes';
import { hasScopes } from '../guards/required-scopes';
import type { ManifestFile } from '../manifest/manifest-file';
import type { ManifestResolver } from '../manifest/manifest-resolver';
import type { SchemaTable } from '../manifest/schema-table';
import type { ServerLogger } from '../logging/server-logger';
import type { RouteTables } from '../routes/route-tables';
import type { CompiledTool } from '../routes/tool.route';
import type { Tool } from '../wire/mcp-types.generated';
import { bm25Scores, IndexFileSegment, MemorySegment, type SearchSegment } from './bm25';
import { searchTokens } from './search-tokens';
import { FIELD_WEIGHTS, toolTerms } from './tool-document';
import { loadToolIndex } from './tool-index-file';
import { CALL_TOOL_NAME, SEARCH_TOOL_NAME, type ResolvedToolSearchOptions } from './tool-search-options';

/** An index file's segment and the manifest whose routes it describes (by schema-table identity). */
interface FileIndex {
  readonly segment: IndexFileSegment;
  readonly schemas: SchemaTable;
}

/** The tools/list of search mode for one version of the tool table. */
interface Listed {
  readonly revision: number;
  readonly routes: readonly CompiledTool[];
  readonly entries: readonly Tool[];
}

function hasTools(file: ManifestFile): boolean {
  for (const handler of Object.values(file.manifest.handlers))
    for (const method of Object.values(handler.methods)) if (method.kind === 'tool') return true;
  return false;
}

/**
 * Reads the tool index beside every manifest the app's handlers came from. A missing or stale
 * index refuses the boot as a stale manifest does (`allowStale`: a warning, and that manifest's
 * tools are indexed in process on the first search instead).
 */
function loadFileIndexes(resolver: ManifestResolver, allowStale: boolean, logger: ServerLogger): FileIndex[] {
  const indexes: FileIndex[] = [];
  const problems: { readonly missing: boolean; readonly text: string }[] = [];
  for (const file of resolver.manifestFiles()) {
    if (!hasTools(file)) continue;
    const loaded = loadToolIndex(file);
    if (loaded.ok) {
      const unreadable = (error: unknown): void =>
        logger.warn(`toolSearch: ${(error as Error).message}; indexing its tools in process. Run \`armature build\` to rebuild it.`);
      indexes.push({ segment: new IndexFileSegment(loaded.body, unreadable), schemas: file.manifest.schemas });
    } else problems.push({ missing: loaded.missing, text: `the tool-search index ${loaded.file} cannot be used: ${loaded.why}` });
  }
  if (problems.length > 0) {
    const fix = 'Run `armature build` (it writes the index beside the manifest)';
    if (!allowStale) {
      throw new ArmatureError(
        problems.every((p) => p.missing) ? LocalErrorCode.TOOL_INDEX_MISSING : LocalErrorCode.TOOL_INDEX_STALE,
        `toolSearch: ${problems.map((p) => p.text).join('; ')}. ${fix}, or pass allowStaleManifest: true to Armature.create to index those tools in process on the first search.`,
      );
    }
    for (const p of problems) logger.warn(`${p.text}: indexing its tools in process on the first search (allowStaleManifest). ${fix}.`);
  }
  return indexes;
}

/**
 * Tool search: the list `tools/list` answers in search mode (the two search tools and the pinned
 * tools) and the ranked search over every tool the caller may see. Manifest tools are ranked
 * from the index files `armature build` wrote (loaded at start-up); tools no index describes
 * (registered at run time, or reloaded under `armature dev`) and decorator titles, which the
 * manifest does not hold, are indexed in process when a search first meets a new version of the
 * tool table. Visibility is the list's: enabled, and the caller holds the tool's scopes.
 */
export class ToolSearch {
  private files: readonly FileIndex[];
  private resolver: ManifestResolver;
  private indexedRevision = -1;
  private content: readonly SearchSegment[] = [];
  private titles = new MemorySegment();
  private listed: Listed | undefined;

  constructor(
    private readonly tables: RouteTables,
    readonly options: ResolvedToolSearchOptions,
    private readonly resolverOf: () => ManifestResolver,
    private readonly allowUnauthenticated: boolean,
    private readonly allowStale: boolean,
    private readonly logger: ServerLogger,
  ) {
    this.resolver = resolverOf();
    this.files = loadFileIndexes(this.resolver, allowStale, logger);
  }

  /** Whether `name` is one of the two search tools. */
  static isSearchTool(name: string): boolean {
    return name === SEARCH_TOOL_NAME || name === CALL_TOOL_NAME;
  }

  /** What `tools/list` shows in search mode: the search tools, then the pinned tools that are served (frozen, per table version). */
  listRoutes(): Listed {
    const tools = this.tables.tools;
    if (this.listed?.revision === tools.revision) return this.listed;
    // A client that lists tools searches next: parse the index bodies and index what they do
    // not describe in idle time, so the first search does not pay for it.
    if (this.listed === undefined) setImmediate(() => this.prepare());
    const routes: CompiledTool[] = [];
    for (const name of [SEARCH_TOOL_NAME, CALL_TOOL_NAME, ...this.options.pinned]) {
      const route = tools.get(name);
      if (route !== undefined) routes.push(route);
    }
    this.listed = { revision: tools.revision, routes: Object.freeze(routes), entries: Object.freeze(routes.map((r) => r.listEntry)) };
    return this.listed;
  }

  /** The tool `name` when the caller may see it (enabled, scopes held) and it is not a search tool. */
  visible(name: string, auth: AuthInfo | undefined): CompiledTool | undefined {
    if (ToolSearch.isSearchTool(name)) return undefined;
    const route = this.tables.tools.get(name);
    if (route === undefined) return undefined;
    if (route.requiredScopes !== null && !hasScopes(route.requiredScopes, auth, this.allowUnauthenticated)) return undefined;
    return route;
  }

  /**
   * The `limit` best tools for `query` the caller may see, best first: a query that is exactly a
   * tool's name puts that tool first; the rest are ranked by BM25 (ties by name).
   */
  search(query: string, limit: number, auth: AuthInfo | undefined): Tool[] {
    const terms = [...new Set(searchTokens(query, this.options.maxQueryTerms))];
    const exact = this.visible(query.trim(), auth);
    if (terms.length === 0) return exact === undefined ? [] : [exact.listEntry];
    this.refresh();
    const best: { readonly route: CompiledTool; readonly score: number }[] = exact === undefined ? [] : [{ route: exact, score: Infinity }];
    const consider = (name: string, score: number): void => {
      // Visibility is checked only for a tool that would enter the best so far.
      if (best.length >= limit) {
        const last = best[best.length - 1] as (typeof best)[number];
        if (score < last.score || (score === last.score && name > last.route.name)) return;
      }
      if (best.some((hit) => hit.route.name === name)) return;
      const route = this.visible(name, auth);
      if (route === undefined) return;
      let at = best.length;
      while (at > 0) {
        const before = best[at - 1] as (typeof best)[number];
        if (before.score > score || (before.score === score && before.route.name < name)) break;
        at--;
      }
      best.splice(at, 0, { route, score });
      if (best.length > limit) best.pop();
    };
    // Title matches, by name: added to the tool's content score, or considered alone.
    let titled: Map<string, number> | undefined;
    const [titleScores] = bm25Scores([this.titles], terms);
    if (titleScores !== undefined) {
      titled = new Map();
      for (let doc = 0; doc < titleScores.length; doc++) {
        const score = titleScores[doc] as number;
        if (score > 0) titled.set(this.titles.names[doc] as string, FIELD_WEIGHTS.title * score);
      }
    }
    const scores = bm25Scores(this.content, terms);
    this.content.forEach((segment, s) => {
      const byDoc = scores[s];
      if (byDoc === undefined) return;
      const names = segment.names;
      for (let doc = 0; doc < byDoc.length; doc++) {
        let score = byDoc[doc] as number;
        if (!(score > 0)) continue;
        const name = names[doc];
        if (typeof name !== 'string') continue;
        const title = titled?.get(name);
        if (title !== undefined) {
          score += title;
          titled?.delete(name);
        }
        consider(name, score);
      }
    });
    if (titled !== undefined) for (const [name, score] of titled) consider(name, score);
    return best.map((hit) => hit.route.listEntry);
  }

  /** Parses the index bodies and indexes what they do not describe, ahead of the first search. */
  private prepare(): void {
    try {
      this.refresh();
    } catch (error) {
      this.logger.warn('toolSearch: preparing the index failed; the first search tries again', error);
    }
  }

  /**
   * Brings the in-process segments up to the tool table: tools no index file describes are
   * indexed here, and titles (decorator options, not in the manifest) go to their own segment.
   * Runs when a search first meets a new version of the table.
   */
  private refresh(): void {
    const resolver = this.resolverOf();
    if (resolver !== this.resolver) {
      // `armature dev` reloaded the handlers from rebuilt manifests: read their indexes again.
      this.resolver = resolver;
      try {
        this.files = loadFileIndexes(resolver, true, this.logger);
      } catch (error) {
        this.files = [];
        this.logger.warn('toolSearch: the rebuilt tool-search indexes cannot be read; indexing in process', error);
      }
      this.indexedRevision = -1;
    }
    const revision = this.tables.tools.revision;
    if (revision === this.indexedRevision) return;
    const bySchemas = new Map(this.files.map((file) => [file.schemas, file.segment]));
    const shadowed = new Map<IndexFileSegment, Set<string>>();
    const inProcess = new MemorySegment();
    const titles = new MemorySegment();
    for (const route of this.tables.tools.allRoutes()) {
      if (ToolSearch.isSearchTool(route.name)) continue;
      const segment = route.source.schemas === undefined ? undefined : bySchemas.get(route.source.schemas);
      const title = route.source.record.options.title;
      if (segment !== undefined && segment.has(route.name)) {
        if (typeof title === 'string') titles.add(route.name, toolTerms({ name: '', title }));
        continue;
      }
      const entry = route.listEntry;
      inProcess.add(route.name, toolTerms(entry as Parameters<typeof toolTerms>[0]));
      for (const file of this.files) {
        if (!file.segment.has(route.name)) continue;
        let names = shadowed.get(file.segment);
        if (names === undefined) shadowed.set(file.segment, (names = new Set()));
        names.add(route.name);
      }
    }
    for (const file of this.files) file.segment.shadowed = shadowed.get(file.segment);
    this.content = [...this.files.map((file) => file.segment), inProcess];
    this.titles = titles;
    this.indexedRevision = revision;
    this.logger.debug(`toolSearch: ${inProcess.names.length} tools indexed in process, ${titles.names.length} titles`);
  }
}
