import type { Client, McpSubscription } from '@modelcontextprotocol/client';

/**
 * Follows the upstream resources the proxy serves for `notifications/resources/updated`
 * (which the link hands to the app, whose sessions subscribed downstream get them): a
 * `subscriptions/listen` stream on a 2026-07-28 upstream, `resources/subscribe` per URI on a
 * 2025-11-25 one. Only the listed (fixed) resources are followed, up to a limit.
 */
export class ResourceFollower {
  private listen: McpSubscription | undefined;
  private subscribed = new Set<string>();
  private client: Client | undefined;

  constructor(
    private readonly max: number,
    private readonly warn: (message: string, error?: unknown) => void,
  ) {}

  /** Follows `uris` (the first `max`) on `client`, replacing what was followed before. */
  async follow(client: Client, uris: readonly string[]): Promise<void> {
    if (!client.getServerCapabilities()?.resources?.subscribe) return;
    const wanted = uris.slice(0, this.max);
    if (uris.length > this.max) this.warn(`following updates of ${this.max} of ${uris.length} upstream resources (maxSubscriptions)`);
    if (client !== this.client) {
      this.client = client;
      this.subscribed = new Set();
      this.listen = undefined;
    }
    if (client.getProtocolEra() === 'modern') {
      const previous = this.listen;
      this.listen = wanted.length === 0 ? undefined : await client.listen({ resourceSubscriptions: wanted });
      await previous?.close();
      return;
    }
    const next = new Set(wanted);
    for (const uri of this.subscribed) if (!next.has(uri)) await client.unsubscribeResource({ uri }).catch(() => undefined);
    for (const uri of next) if (!this.subscribed.has(uri)) await client.subscribeResource({ uri });
    this.subscribed = next;
  }
}
