import type { ListKind } from '../protocol/server-features';

/** Where a notifier's broadcasts go: the app's live sessions. */
interface NotifierSink {
  resourceUpdated(uri: string): void;
  listChanged(kind: ListKind): void;
}

/**
 * Lets services and handlers push MCP notifications to every live session, through DI:
 * inject `McpNotifier` anywhere (it is provided globally, as a singleton). Broadcasts before
 * the app has finished booting go nowhere: no session exists yet.
 *
 * @example
 * ```ts
 * @Injectable()
 * class NoteStore {
 *   constructor(private readonly notifier: McpNotifier) {}
 *   update(id: string): void { …; this.notifier.resourceUpdated(`notes://${id}`); }
 * }
 * ```
 */
export class McpNotifier {
  private sink: NotifierSink | undefined;

  /** Sends `notifications/resources/updated` to the sessions subscribed to `uri`. */
  resourceUpdated(uri: string): void {
    this.sink?.resourceUpdated(uri);
  }

  /** Sends `notifications/<kind>/list_changed` to every session (e.g. after changing what a list handler returns). */
  listChanged(kind: ListKind): void {
    this.sink?.listChanged(kind);
  }

  /** @internal Connects the notifier to the app's sessions once the app exists. */
  attach(sink: NotifierSink): void {
    this.sink = sink;
  }
}
