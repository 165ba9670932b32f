import type { LinkEvents } from './upstream-link';
import { UpstreamLink } from './upstream-link';
import type { HttpUpstream, ProxyCommonOptions, ResolvedLimits } from './proxy-options';

/** Idle caller sessions are closed after this long (ms). */
const IDLE_MS = 5 * 60_000;

interface Entry {
  readonly link: UpstreamLink;
  idle: NodeJS.Timeout | undefined;
}

/**
 * Upstream sessions of their own for callers whose token is forwarded to a 2025-11-25
 * upstream. A session there belongs to the principal that opened it (a server refuses it to
 * another token), so the proxy's own session cannot carry a caller's token: each caller gets
 * a session opened with it. At most `max` at once (the least recently used is closed first);
 * each is closed after five idle minutes. A 2026-07-28 upstream needs none of this: every
 * request there carries its own token.
 */
export class CallerLinks {
  private readonly links = new Map<string, Entry>();

  constructor(
    private readonly options: ProxyCommonOptions & HttpUpstream,
    private readonly limits: ResolvedLimits,
    private readonly events: LinkEvents,
    private readonly label: string,
    private readonly max: number,
  ) {}

  /** The caller's session link (opened on first use). */
  async linkFor(authorization: string): Promise<UpstreamLink> {
    let entry = this.links.get(authorization);
    if (entry !== undefined && (entry.link.state === 'gave-up' || entry.link.state === 'closed')) {
      this.links.delete(authorization);
      entry = undefined;
    }
    if (entry !== undefined) {
      // Most recently used last: Map keeps insertion order.
      this.links.delete(authorization);
      this.links.set(authorization, entry);
    } else {
      if (this.links.size >= this.max) await this.evictOldest();
      const options: ProxyCommonOptions & HttpUpstream = {
        ...this.options,
        headers: { ...(this.options.headers ?? {}), Authorization: authorization },
        forwardAuth: false,
      };
      const limits = { ...this.limits, reconnect: { ...this.limits.reconnect, maxAttempts: 1 } };
      const link = new UpstreamLink(options, limits, this.events, `${this.label} (a caller's session)`);
      entry = { link, idle: undefined };
      this.links.set(authorization, entry);
      await link.start();
    }
    this.touch(authorization, entry);
    return entry.link;
  }

  async closeAll(): Promise<void> {
    const entries = [...this.links.values()];
    this.links.clear();
    await Promise.all(entries.map((entry) => this.closeEntry(entry)));
  }

  private touch(authorization: string, entry: Entry): void {
    clearTimeout(entry.idle);
    entry.idle = setTimeout(() => {
      if (this.links.get(authorization) === entry) this.links.delete(authorization);
      void this.closeEntry(entry);
    }, IDLE_MS);
    entry.idle.unref();
  }

  private async evictOldest(): Promise<void> {
    const [oldest] = this.links;
    if (oldest === undefined) return;
    this.links.delete(oldest[0]);
    await this.closeEntry(oldest[1]);
  }

  private async closeEntry(entry: Entry): Promise<void> {
    clearTimeout(entry.idle);
    await entry.link.close();
  }
}
