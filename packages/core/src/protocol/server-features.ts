import type { ElicitForm } from '../context/elicit-form';
import type { AuthInfo, RequestContext, SessionInfo, SessionScope } from '../context/request-context';
import type { TaskRecord, TaskSupport } from '../tasks/task-model';
import type { TaskPage } from '../tasks/task-store';
import type { RevisionTasks } from '../tasks/revision-tasks';
import type { ActiveRequestContext } from '../context/active-request-context';
import type { ListEntries } from './list-pages';
import type { RequestParamsRecord } from './request-params';
import type {
  CallToolResult,
  CompleteRequestParams,
  CompleteResult,
  GetPromptResult,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  Tool,
} from '../wire/mcp-types.generated';

/**
 * The boundary between the protocol engine (JSON-RPC, lifecycle, sessions, pagination,
 * progress, cancellation, logging, server→client requests) and the application layer
 * (decorators, manifest, compiled routes, validation, result shaping).
 *
 * The engine owns the wire; it never sees a handler class. The application layer owns
 * handlers; it never sees a JSON-RPC message. Errors that must become JSON-RPC errors are
 * thrown as `McpWireError` (see errors/); everything a tool throws is turned into an
 * `isError` result by the application layer before it reaches the engine.
 */

/** Which list changed; the engine sends the matching `notifications/<kind>/list_changed`. */
export type { ListKind } from '../bus/notification-bus';

/** Lets list entries be filtered per request (e.g. by the principal's scopes). */
export interface ListContext {
  readonly authInfo: RequestContext['authInfo'];
}

export interface ToolsFeature {
  /**
   * The advertised tools in a stable order. Return the same frozen array (or frozen
   * {@link ListEntries}, whose pages make only their own entries) until the set changes, so that
   * pagination is cheap and the engine can cache serialized pages.
   */
  list(ctx: ListContext): readonly Tool[] | ListEntries<Tool>;
  /** Unknown tool → throw McpWireError(-32602). Tool failures → resolved `isError: true` result. */
  call(name: string, args: Record<string, unknown> | undefined, ctx: RequestContext): Promise<CallToolResult> | CallToolResult;
  /** Optional: the advertised input schema of a tool (undefined when unknown), for transports that read `x-mcp-header`. */
  inputSchema?(name: string): Tool['inputSchema'] | undefined;
  /**
   * Optional: the JSON text of a tool's advertised input schema when it is at hand without
   * serializing the schema (undefined otherwise, and for an unknown tool): a transport looking
   * for `x-mcp-header` parses nothing when the text does not name it.
   */
  inputSchemaText?(name: string): string | undefined;
  /** Optional: whether a tool runs as a task (undefined for an unknown tool). */
  taskSupport?(name: string): TaskSupport | undefined;
  /**
   * Optional: whether the MCP 2026-07-28 `requestState`s of a tool's input-required rounds are
   * single-use (a replayed round is refused); false for an unknown tool.
   */
  singleUseState?(name: string): boolean;
  /** Optional: when a tool's task starts (`handler`: at `ctx.startTask()`); default `call`. */
  taskStart?(name: string): 'call' | 'handler' | undefined;
}

export interface ResourcesFeature {
  list(ctx: ListContext): readonly Resource[];
  templates(ctx: ListContext): readonly ResourceTemplate[];
  /** Unknown URI → throw McpWireError(-32002, …, { uri }). */
  read(uri: string, ctx: RequestContext): Promise<ReadResourceResult> | ReadResourceResult;
  /** Whether `resources/subscribe` is served (advertised as `resources.subscribe`). */
  readonly subscribe: boolean;
}

export interface PromptsFeature {
  list(ctx: ListContext): readonly Prompt[];
  /** Unknown prompt or missing required argument → throw McpWireError(-32602). */
  get(name: string, args: Record<string, string> | undefined, ctx: RequestContext): Promise<GetPromptResult> | GetPromptResult;
}

export interface CompletionsFeature {
  complete(params: CompleteRequestParams, ctx: RequestContext): Promise<CompleteResult> | CompleteResult;
}

/** Everything the application layer serves; absent features are `undefined` and not advertised. */
export interface ServerFeatures {
  readonly tools?: ToolsFeature;
  readonly resources?: ResourcesFeature;
  readonly prompts?: PromptsFeature;
  readonly completions?: CompletionsFeature;
  /** Tasks (both revisions): present when some tool may run as one. */
  readonly tasks?: TasksFeature;
  /**
   * Called by the engine once a session is established (after `initialize`, or at connect for
   * a pre-initialized stateless session). The returned scope is handed back on every
   * `RequestContext.sessionScope` of that session and disposed when the session ends.
   * The application layer uses it to hold the DI session-scope resolution context.
   */
  openSession?(session: SessionInfo): SessionScope;
  /** The typed elicitation form stored under `key` in the app's manifests (`ctx.elicit<T>`). */
  elicitForm?(key: string): ElicitForm | undefined;
}

/**
 * Broadcasts go the other way: the application layer keeps the set of live sessions and calls
 * `ServerSession.notifyListChanged(kind)` / `notifyResourceUpdated(uri)` on each, so that a
 * session holds no listener registrations (cheap idle sessions, nothing to unregister).
 */

/**
 * A request that may become a task mid-call (`ctx.startTask()`): the kernel's `RequestExchange`
 * as the task runtime sees it (declared here, so the features seam imports neither).
 */
export interface DetachableRequest {
  readonly ctx: ActiveRequestContext;
  readonly method: string;
  readonly params: RequestParamsRecord;
  readonly kernel: { readonly features: ServerFeatures };
  /** The request's revision: how its task behaves (absent `tasks`: the revision runs no task). */
  readonly revision: { readonly tasks?: RevisionTasks };
  becomeTask(handle: object, adopt: (scope: SessionScope | undefined) => void, settled: (value: unknown, error: unknown) => void): void;
}

/**
 * Tasks as the request path and the `tasks/*` methods use them; `TaskManager`
 * (`task-runtime/`) implements it. Every call is scoped to `ctx`'s principal.
 */
export interface TasksFeature {
  /**
   * A `tools/call` that runs as a task under the revision whose tasks are `tasks`: the handle to
   * answer with, or undefined to run it as an ordinary call.
   */
  call(
    tasks: RevisionTasks,
    features: ServerFeatures,
    tools: ToolsFeature,
    name: string,
    args: Record<string, unknown> | undefined,
    params: RequestParamsRecord,
    ctx: ActiveRequestContext,
  ): Promise<object> | undefined;
  /** `ctx.startTask()`: the running request is answered with a task handle and goes on as the task. */
  detach(exchange: DetachableRequest): Promise<void>;
  get(taskId: string, ctx: ActiveRequestContext): Promise<TaskRecord>;
  cancel(taskId: string, ctx: ActiveRequestContext): Promise<{ readonly record: TaskRecord; readonly wasTerminal: boolean }>;
  /** 2026 `tasks/update`: answers to a task's input requests. */
  update(taskId: string, responses: Record<string, unknown>, ctx: ActiveRequestContext): Promise<void>;
  /** 2025 `tasks/result`: waits for the task to end. */
  result(taskId: string, ctx: ActiveRequestContext): Promise<TaskRecord>;
  list(ctx: ActiveRequestContext, cursor: string | undefined, pageSize: number): Promise<TaskPage>;
  /** 2026 `subscriptions/listen` `taskIds`: `send` hears each status change of the principal's tasks; returns the unwatch. */
  watch(taskIds: readonly string[], authInfo: AuthInfo | undefined, send: (detailedTask: Record<string, unknown>) => void): () => void;
}
