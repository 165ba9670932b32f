import type { ListKind, ServerFeatures } from '../protocol/server-features';
import type { JSONRPCNotification } from '../wire/mcp-types.generated';
import type { RequestExchange } from './request-exchange';
import { META } from './mcp-2026';
import { McpWireError } from '../errors/wire-error';
import { missingTasksExtension } from '../tasks/tasks-extension';

/** Most resource URIs one listen stream may follow, so a client cannot grow server memory without bound. */
export const MAX_LISTEN_URIS = 1000;
/** Longest URI a listen stream follows. */
export const MAX_LISTEN_URI_LENGTH = 8192;

/** The notifications one `subscriptions/listen` stream opted in to (MCP 2026-07-28, SubscriptionFilter). */
export interface ListenFilter {
  toolsListChanged?: boolean;
  promptsListChanged?: boolean;
  resourcesListChanged?: boolean;
  resourceSubscriptions?: string[];
  /** The tasks extension: `notifications/tasks` for these tasks (of the listening principal). */
  taskIds?: string[];
}

/** Most tasks one listen stream may follow, and the longest task id it takes. */
export const MAX_LISTEN_TASKS = 1000;
export const MAX_LISTEN_TASK_ID_LENGTH = 256;

const LIST_FLAG: Readonly<Record<ListKind, keyof ListenFilter>> = {
  tools: 'toolsListChanged',
  prompts: 'promptsListChanged',
  resources: 'resourcesListChanged',
};

/**
 * Reads the filter (-32602 when malformed) and keeps only what the server serves. `taskIds`
 * needs the tasks extension declared by the request (`declaresTasks`; -32021 otherwise).
 */
export function honouredFilter(params: Readonly<Record<string, unknown>>, features: ServerFeatures, declaresTasks: boolean): ListenFilter {
  const requested = params.notifications;
  if (typeof requested !== 'object' || requested === null || Array.isArray(requested)) {
    throw McpWireError.invalidParams(
      'Invalid params: "notifications" must be an object (toolsListChanged, promptsListChanged, resourcesListChanged, resourceSubscriptions)',
    );
  }
  const filter = requested as Record<string, unknown>;
  const out: ListenFilter = {};
  for (const kind of ['tools', 'prompts', 'resources'] as const) {
    const flag = LIST_FLAG[kind];
    const value = filter[flag];
    if (value !== undefined && typeof value !== 'boolean')
      throw McpWireError.invalidParams(`Invalid params: "notifications.${flag}" must be a boolean`);
    if (value === true && features[kind] !== undefined) (out as Record<string, boolean>)[flag] = true;
  }
  const uris = filter.resourceSubscriptions;
  if (uris !== undefined) {
    if (!Array.isArray(uris) || !uris.every((uri) => typeof uri === 'string' && uri.length <= MAX_LISTEN_URI_LENGTH)) {
      throw McpWireError.invalidParams(
        `Invalid params: "notifications.resourceSubscriptions" must be an array of URIs of at most ${MAX_LISTEN_URI_LENGTH} characters`,
      );
    }
    if (uris.length > MAX_LISTEN_URIS)
      throw McpWireError.invalidParams(`Invalid params: at most ${MAX_LISTEN_URIS} resource subscriptions per stream`);
    if (features.resources?.subscribe === true) out.resourceSubscriptions = [...new Set(uris as string[])];
  }
  const taskIds = filter.taskIds;
  if (taskIds !== undefined && features.tasks !== undefined) {
    if (!declaresTasks) throw missingTasksExtension('notifications.taskIds');
    if (!Array.isArray(taskIds) || !taskIds.every((id) => typeof id === 'string' && id.length <= MAX_LISTEN_TASK_ID_LENGTH)) {
      throw McpWireError.invalidParams(
        `Invalid params: "notifications.taskIds" must be an array of task ids of at most ${MAX_LISTEN_TASK_ID_LENGTH} characters`,
      );
    }
    if (taskIds.length > MAX_LISTEN_TASKS) throw McpWireError.invalidParams(`Invalid params: at most ${MAX_LISTEN_TASKS} tasks per stream`);
    out.taskIds = [...new Set(taskIds as string[])];
  }
  return out;
}

/**
 * One open `subscriptions/listen` stream: acknowledged first, then every notification it
 * opted in to, each tagged with the subscription id (the listen request's id). It ends when
 * the client cancels it (stdio) or closes the stream (HTTP), or with a result when the
 * server shuts down. The app's broadcasts reach it like they reach a 2025 session.
 */
export class SubscriptionListen {
  private readonly uris: ReadonlySet<string>;

  /**
   * @param closing The result that ends the stream gracefully (already in its 2026 form).
   */
  constructor(
    private readonly exchange: RequestExchange,
    private readonly filter: ListenFilter,
    private readonly closing: object,
  ) {
    this.uris = new Set(filter.resourceSubscriptions ?? []);
  }

  get ended(): boolean {
    return this.exchange.finished;
  }

  /** Sends `notifications/subscriptions/acknowledged` with the honoured filter. */
  acknowledge(): Promise<void> {
    return this.send('notifications/subscriptions/acknowledged', { notifications: this.filter });
  }

  notifyListChanged(kind: ListKind): Promise<void> {
    if (this.filter[LIST_FLAG[kind]] !== true) return Promise.resolve();
    return this.send(`notifications/${kind}/list_changed`, {});
  }

  /** `notifications/tasks`: the task's state as `tasks/get` would give it (the caller checked it follows that task). */
  notifyTask(detailedTask: Record<string, unknown>): Promise<void> {
    return this.send('notifications/tasks', detailedTask);
  }

  notifyResourceUpdated(uri: string): Promise<void> {
    if (!this.uris.has(uri)) return Promise.resolve();
    return this.send('notifications/resources/updated', { uri });
  }

  /** Ends the stream gracefully with its result (server shutdown). */
  close(): Promise<void> {
    this.exchange.respondRaw(this.closing);
    return Promise.resolve();
  }

  /** Nothing is held past the result: the same as `close`. */
  abandon(): Promise<void> {
    return this.close();
  }

  /** Nothing to wait for: a listen stream holds no work. */
  drain(): Promise<boolean> {
    return Promise.resolve(true);
  }

  private send(method: string, params: Record<string, unknown>): Promise<void> {
    if (this.exchange.finished) return Promise.resolve();
    const notification = {
      jsonrpc: '2.0',
      method,
      params: { ...params, _meta: { [META.subscriptionId]: this.exchange.id } },
    } as JSONRPCNotification;
    return this.exchange.notify(notification, undefined);
  }
}
