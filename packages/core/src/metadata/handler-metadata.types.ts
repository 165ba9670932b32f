import type { RequestContext } from '../context/request-context';
import type { Annotations, CompleteResult, Icon, PromptArgument, ToolAnnotations, ToolExecution } from '../wire/mcp-types.generated';
import type { CacheHint, HeaderParameters, JsonSchemaExtension, RateLimitOptions, TaskPolicy, TaskSupport } from './option-shapes';
import type { UriTemplateOptions } from '../uri-template/uri-template.types';

/** A JSON Schema written by hand (an author override) or read from the manifest. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** `_meta` as the spec defines it: a JSON object sent unchanged on list entries. */
export type MetaObject = { readonly [key: string]: unknown };

/** What a completer returns: candidate values (the first 100 are sent) or a full completion. */
export type CompletionValues = readonly string[] | CompleteResult['completion'];

/** What a completer receives besides the partial value. */
export interface CompletionContext {
  /** Values the client already resolved for the other arguments or variables. */
  readonly arguments: Readonly<Record<string, string>>;
  /** The `completion/complete` request's context (signal, session, log…). */
  readonly request: RequestContext;
}

/**
 * A completer for one prompt argument or template variable: the name of a method of the same
 * handler class, or a function called with the handler instance as `this`.
 */
export type Completer = string | ((value: string, context: CompletionContext) => CompletionValues | Promise<CompletionValues>);

/** Completers by argument (prompt) or variable (template) name. */
export type CompleterMap = { readonly [argument: string]: Completer };

/** Options of `@Tool`: every field the spec gives a tool, plus schema overrides. */
export interface ToolOptions {
  /** Wire name; defaults to the method name. 1–128 characters of `A-Za-z0-9_.-`, unique. */
  readonly name?: string;
  readonly title?: string;
  /** Defaults to the method's JSDoc summary (from the manifest). */
  readonly description?: string;
  readonly icons?: readonly Icon[];
  readonly annotations?: ToolAnnotations;
  /** As listed; `execution.taskSupport` is the same setting as `task` (see there). */
  readonly execution?: ToolExecution;
  /**
   * Whether the tool runs as a task (MCP tasks, both revisions): `'optional'` when the client
   * can take one, `'required'` always (a client that cannot is refused), `'forbidden'` (the
   * default) never. Listed as `execution.taskSupport`. `{ support, start: 'handler' }` lets the
   * handler ask with the request first and start the task with `ctx.startTask()`; see docs/tasks.md.
   */
  readonly task?: TaskSupport | TaskPolicy;
  /**
   * Whether the MCP 2026-07-28 `requestState` of this tool's input-required rounds (`ctx.elicit`,
   * `ctx.sample`, `ctx.listRoots`) may be used once only, so a replayed round (a confirmation
   * sent again) is refused (-32602) instead of running the tool again. Default: `true` when
   * `annotations.destructiveHint` is `true`, else `false`. See docs/protocol-revisions.md.
   */
  readonly singleUseState?: boolean;
  readonly _meta?: MetaObject;
  /**
   * Replaces the manifest's input schema (`type: "object"`). Without a manifest entry the
   * handler then receives the whole validated arguments object as its first non-context parameter.
   */
  readonly inputSchema?: JsonSchema;
  /** Replaces the manifest's output schema; a non-object schema is wrapped as `{ result }`. */
  readonly outputSchema?: JsonSchema;
  /**
   * JSON Schema the parameter types cannot say (`if`/`then`/`else`, `allOf`/`anyOf` across
   * parameters, `$anchor`…), deep-merged into the input schema (the manifest's or `inputSchema`):
   * schema objects merge keyword by keyword (`properties`, `$defs`, `items`, `if`… included),
   * `required` and `allOf` gain the extension's entries, new keywords are added. A different
   * value where the schema has one (a `type`, a scalar) is a boot error
   * (`ARM_ERR_SCHEMA_EXTENSION`, naming its JSON Pointer). Written as a literal, `armature
   * build` merges it too, and checks it then.
   */
  readonly extendInputSchema?: JsonSchemaExtension;
  /**
   * Parameters mirrored into HTTP headers on Streamable HTTP (MCP 2026-07-28): parameter name →
   * header name, sent by clients as `Mcp-Param-<name>` and advertised as `x-mcp-header` on the
   * parameter's property. Each parameter must be a top-level `string`, `integer` or `boolean`
   * property; names are RFC 9110 tokens, unique ignoring case (`ARM_ERR_HEADER_PARAMETER`).
   */
  readonly headers?: HeaderParameters;
  /**
   * OAuth scopes the caller must hold (all of them), checked against `ctx.authInfo.scopes`;
   * cumulative with `@RequireScopes`. Callers without them do not see the tool listed, and get
   * `InsufficientScopeError` (-32003) when they use it anyway.
   */
  readonly scopes?: readonly string[];
  /**
   * How often the tool may be called (a token bucket; see `RateLimitOptions`); replaces a
   * class-level `@RateLimit`. `false` exempts the tool from the class's and the app's limits.
   */
  readonly rateLimit?: RateLimitOptions | false;
}

/** Options of `@Resource(uri)`. */
export interface ResourceOptions {
  /** Defaults to the method name. */
  readonly name?: string;
  readonly title?: string;
  readonly description?: string;
  readonly icons?: readonly Icon[];
  readonly mimeType?: string;
  /** Size in bytes of the raw content, if known. */
  readonly size?: number;
  readonly annotations?: Annotations;
  readonly _meta?: MetaObject;
  /**
   * OAuth scopes the caller must hold (all of them), checked against `ctx.authInfo.scopes`;
   * cumulative with `@RequireScopes`. Callers without them do not see the resource listed, and get
   * `InsufficientScopeError` (-32003) when they use it anyway.
   */
  readonly scopes?: readonly string[];
  /**
   * MCP 2026-07-28 cache hint of this resource's `resources/read` results (`ttlMs` + `cacheScope`),
   * instead of the app's `cache.resources` default. Ignored by 2025-11-25.
   */
  readonly cache?: CacheHint;
}

/** Options of `@ResourceTemplate(uriTemplate)`. */
export interface ResourceTemplateOptions {
  readonly name?: string;
  readonly title?: string;
  readonly description?: string;
  readonly icons?: readonly Icon[];
  readonly mimeType?: string;
  readonly annotations?: Annotations;
  readonly _meta?: MetaObject;
  /** Completers for template variables (`completion/complete` with `ref/resource`). */
  readonly complete?: CompleterMap;
  /**
   * How URIs are matched: `maxUriLength`, `allowUnknownQueryParams`, and `allowUnsafeValues`
   * to switch off safety checks (dot segments, encoded separators, control characters…),
   * which are all on by default.
   */
  readonly matching?: UriTemplateOptions;
  /**
   * OAuth scopes the caller must hold (all of them), checked against `ctx.authInfo.scopes`;
   * cumulative with `@RequireScopes`. Callers without them do not see the template listed, and get
   * `InsufficientScopeError` (-32003) when they use it anyway.
   */
  readonly scopes?: readonly string[];
  /**
   * MCP 2026-07-28 cache hint of the template's `resources/read` results (`ttlMs` + `cacheScope`),
   * instead of the app's `cache.resources` default. Ignored by 2025-11-25.
   */
  readonly cache?: CacheHint;
}

/** Options of `@Prompt`. */
export interface PromptOptions {
  readonly name?: string;
  readonly title?: string;
  readonly description?: string;
  readonly icons?: readonly Icon[];
  readonly _meta?: MetaObject;
  /**
   * Replaces the manifest's argument list. Without a manifest entry the handler then receives
   * the whole arguments record as its first non-context parameter.
   */
  readonly arguments?: readonly PromptArgument[];
  /** Completers for prompt arguments (`completion/complete` with `ref/prompt`). */
  readonly complete?: CompleterMap;
  /**
   * OAuth scopes the caller must hold (all of them), checked against `ctx.authInfo.scopes`;
   * cumulative with `@RequireScopes`. Callers without them do not see the prompt listed, and get
   * `InsufficientScopeError` (-32003) when they use it anyway.
   */
  readonly scopes?: readonly string[];
}

/** A method decorated with `@Tool`. */
export interface ToolRecord {
  readonly kind: 'tool';
  readonly method: string;
  readonly options: ToolOptions;
}

/** A method decorated with `@Resource`. */
export interface ResourceRecord {
  readonly kind: 'resource';
  readonly method: string;
  readonly uri: string;
  readonly options: ResourceOptions;
}

/** A method decorated with `@ResourceTemplate`. */
export interface ResourceTemplateRecord {
  readonly kind: 'resourceTemplate';
  readonly method: string;
  readonly uriTemplate: string;
  readonly options: ResourceTemplateOptions;
}

/** A method decorated with `@Prompt`. */
export interface PromptRecord {
  readonly kind: 'prompt';
  readonly method: string;
  readonly options: PromptOptions;
}

/** One decorated handler method, as recorded on its class. */
export type MethodRecord = ToolRecord | ResourceRecord | ResourceTemplateRecord | PromptRecord;

/** The MCP primitive a method serves; the same words as the manifest's `kind`. */
export type MethodKind = MethodRecord['kind'];
