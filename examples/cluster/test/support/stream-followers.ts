import { type ScenarioClient, type SseEvent, SseReader, sessionHeaders } from '@armature/transport-fixtures';

const RETRY_MS = 100;
const MAX_OPENS = 500;

/**
 * A 2025 session's GET stream followed the way a client does through restarts: when the stream
 * ends it is opened again (through the balancer, so on another instance) with `Last-Event-ID`
 * set to the last event seen; refusals (503 while an instance drains) are retried after a pause.
 * Every event of every stream is kept in order, each message checked against the wire schema.
 */
export class SessionStreamFollower {
  readonly events: SseEvent[] = [];
  readonly violations: string[] = [];
  /** Statuses of opens that were refused, in order. */
  readonly refusals: number[] = [];
  opens = 0;
  private reader: SseReader | undefined;
  private lastId: string | undefined;
  private stopped = false;
  private running: Promise<void> | undefined;

  constructor(
    private readonly url: string,
    private readonly sessionId: string,
  ) {}

  /** Opens the stream and waits (bounded) for its priming event, then follows it in the background. */
  async start(): Promise<void> {
    await this.open();
    await this.reader!.until((event) => event.id !== undefined, 5_000);
    this.running = this.follow();
  }

  /** The JSON-RPC messages received over every stream so far (priming events left out). */
  get messages(): Record<string, unknown>[] {
    return [...this.events, ...(this.reader?.events ?? [])]
      .filter((event) => event.data !== '')
      .map((event) => JSON.parse(event.data) as Record<string, unknown>);
  }

  /** The ids of the messages seen so far (a resumed stream's priming event may repeat the id it resumed from). */
  get ids(): string[] {
    return [...this.events, ...(this.reader?.events ?? [])].flatMap((event) =>
      event.id === undefined || event.data === '' ? [] : [event.id],
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.reader?.cancel();
    await this.running;
    this.collect();
  }

  private async follow(): Promise<void> {
    while (!this.stopped && this.opens < MAX_OPENS) {
      while (!this.stopped && !this.reader!.ended) await pause(20);
      if (this.stopped) return;
      this.collect();
      await this.open();
    }
  }

  /** Moves the ended reader's events into `events`. */
  private collect(): void {
    if (this.reader === undefined) return;
    this.events.push(...this.reader.events);
    this.violations.push(...this.reader.violations);
    for (const event of this.reader.events) if (event.id !== undefined) this.lastId = event.id;
    this.reader = undefined;
  }

  private async open(): Promise<void> {
    for (let attempt = 0; !this.stopped && attempt < MAX_OPENS; attempt++) {
      this.opens++;
      const extra: Record<string, string> = { accept: 'text/event-stream' };
      if (this.lastId !== undefined) extra['last-event-id'] = this.lastId;
      const response = await fetch(this.url, { headers: sessionHeaders(this.sessionId, extra) }).catch(() => undefined);
      if (response?.status === 200) {
        this.reader = new SseReader(response, { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25' } });
        return;
      }
      this.refusals.push(response?.status ?? 0);
      await response?.body?.cancel().catch(() => undefined);
      await pause(RETRY_MS);
    }
    throw new Error(`the GET stream could not be opened again: ${JSON.stringify(this.refusals.slice(-5))}`);
  }
}

/**
 * A 2026 `subscriptions/listen` stream followed through restarts by an SDK v2 client: when the
 * stream closes (its instance drains or dies), the client listens again. Listen streams are not
 * resumable by design: what matters is that each one ends (never hangs) and a new one works.
 */
export class ListenFollower {
  /** How each listen stream ended, in order. */
  readonly endings: string[] = [];
  readonly failures: string[] = [];
  private stopped = false;
  private running: Promise<void> | undefined;
  private current: Awaited<ReturnType<ScenarioClient['watch']>> | undefined;

  constructor(
    readonly client: ScenarioClient,
    private readonly uri: string,
  ) {}

  /** Opens the first stream (bounded) and keeps one open in the background. */
  async start(): Promise<void> {
    const first = await this.client.watch(this.uri);
    this.running = this.follow(first);
  }

  /** Updates received over every stream so far (the client keeps them across streams). */
  updates(): number {
    return this.current?.updates.length ?? 0;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.current?.close().catch(() => undefined);
    await this.running;
  }

  private async follow(first: Awaited<ReturnType<ScenarioClient['watch']>>): Promise<void> {
    let watch = first;
    for (let opens = 0; opens < MAX_OPENS; opens++) {
      this.current = watch;
      const ended = (await watch.closed) ?? 'no close reported';
      if (this.stopped) return;
      this.endings.push(ended);
      for (let attempt = 0; ; attempt++) {
        try {
          watch = await this.client.watch(this.uri);
          break;
        } catch (error) {
          if (this.stopped || attempt >= 50) {
            this.failures.push(String(error).slice(0, 200));
            return;
          }
          await pause(RETRY_MS);
        }
      }
    }
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
