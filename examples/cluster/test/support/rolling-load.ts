import { type ClientKind, type ScenarioClient, connectScenarioClient } from '@armature/transport-fixtures';

/** What one `export_notes` call came to, from the client's side. */
export type CallOutcome =
  /** Its result, whole: the tool's final text and the progress seen before it. */
  | { readonly kind: 'result'; readonly text: string; readonly progress: readonly number[] }
  /** An answer the client can act on by retrying: HTTP 503 (not admitted), or a JSON-RPC error. */
  | { readonly kind: 'retryable'; readonly what: string }
  /** No answer: the connection broke or the client gave up waiting. */
  | { readonly kind: 'lost'; readonly what: string };

/** Arguments of a streamed call: `steps` progress notifications, `stepMs` apart. */
export interface StreamedCall {
  readonly steps: number;
  readonly stepMs: number;
}

/** Longest a streamed call may take in all while it still streams progress (then it is lost). */
const MAX_CALL_MS = 60_000;

/** A few paced progress steps, and a burst of a thousand that a slow reader cannot keep up with. */
export const PACED_CALL: StreamedCall = { steps: 8, stepMs: 25 };
export const BURST_CALL: StreamedCall = { steps: 1_000, stepMs: 0 };

/**
 * Sorts an error an SDK client threw into an answer (`retryable`) or none (`lost`). A refused
 * request (HTTP 503 while an instance drains, 502 when the balancer found no instance) and a
 * JSON-RPC error the server sent are answers; a broken connection or a client-side time-out is not.
 */
export function classify(error: unknown): CallOutcome {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const what = message.slice(0, 200);
  if (/timed? ?out/i.test(message)) return { kind: 'lost', what };
  // The SDK v1 client names the status; the v2 client quotes the 503's body.
  if (code === 503 || code === 502 || /\bHTTP 50[23]\b|Service Unavailable/.test(message)) return { kind: 'retryable', what };
  // A JSON-RPC error from the server carries its (negative) code; a transport failure does not.
  if (typeof code === 'number' && code < 0) return { kind: 'retryable', what };
  return { kind: 'lost', what };
}

/** One client calling a streamed tool in a loop until told to stop, every outcome recorded. */
export class StreamingCaller {
  readonly outcomes: CallOutcome[] = [];
  private stopped = false;
  private running: Promise<void> | undefined;

  private constructor(
    readonly kind: ClientKind,
    readonly client: ScenarioClient,
    readonly call: StreamedCall,
  ) {}

  static async connect(kind: ClientKind, url: string, call: StreamedCall): Promise<StreamingCaller> {
    return new StreamingCaller(kind, await connectScenarioClient(kind, { kind: 'http', url }), call);
  }

  start(maxCalls = 10_000): void {
    this.running = (async () => {
      for (let i = 0; !this.stopped && i < maxCalls; i++) {
        this.outcomes.push(await this.callOnce());
        // A retry after a refusal waits a little, as a client honouring Retry-After would (shortened).
        if (this.outcomes.at(-1)!.kind !== 'result') await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
  }

  /** Stops after the call in progress; resolves once it has settled. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  private async callOnce(): Promise<CallOutcome> {
    const progress: number[] = [];
    const started = Date.now();
    let lastProgressAt = started;
    const onprogress = (p: { progress: number }): void => {
      progress.push(p.progress);
      lastProgressAt = Date.now();
    };
    try {
      // A call still streaming progress is not lost, however slow a loaded machine makes it: the
      // client's 10 s count from its last progress (bounded in all), so `lost` means 10 s of silence.
      const result = await this.client.callTool(
        'stream_steps',
        { ...this.call },
        { onprogress, progressExtends: { maxTotalMs: MAX_CALL_MS } },
      );
      const first = result.content[0] as { type?: string; text?: string } | undefined;
      if (result.isError === true) return { kind: 'retryable', what: `isError: ${String(first?.text).slice(0, 200)}` };
      const text = first?.text ?? '';
      if (!new RegExp(`^${this.call.steps} steps by instance-[abc]$`).test(text))
        return { kind: 'lost', what: `a wrong result: ${text.slice(0, 200)}` };
      return { kind: 'result', text, progress };
    } catch (error) {
      const outcome = classify(error);
      if (outcome.kind !== 'lost') return outcome;
      const timing = `after ${Date.now() - started} ms, ${progress.length} progress, the last ${Date.now() - lastProgressAt} ms before`;
      return { kind: 'lost', what: `${outcome.what} (${timing})` };
    }
  }
}

/** Counts of each outcome kind, for messages. */
export function tally(outcomes: readonly CallOutcome[]): Record<CallOutcome['kind'], number> {
  const counts = { result: 0, retryable: 0, lost: 0 };
  for (const outcome of outcomes) counts[outcome.kind]++;
  return counts;
}
