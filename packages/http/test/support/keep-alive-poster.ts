import { Agent, request } from 'node:http';
import { POST_HEADERS } from './raw-http';

/** One POST's answer: the status, and every JSON-RPC message of its body (a JSON body, or SSE `data:` lines). */
export interface PostAnswer {
  readonly status: number;
  readonly messages: readonly Record<string, unknown>[];
  /** The raw body, for failure messages. */
  readonly body: string;
}

/**
 * Raw POSTs over a few keep-alive sockets (node:http, faster than fetch for thousands of
 * small requests). Each answer is read whole; a request that gets nothing within 10 s fails.
 * `close()` ends the sockets.
 */
export class KeepAlivePoster {
  private readonly agent: Agent;

  constructor(
    private readonly url: string,
    sockets = 16,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: sockets });
  }

  post(body: string, headers: Record<string, string>): Promise<PostAnswer> {
    return new Promise((resolve, reject) => {
      const req = request(
        this.url,
        { method: 'POST', agent: this.agent, headers: { ...POST_HEADERS, ...headers, 'content-length': String(Buffer.byteLength(body)) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            try {
              resolve({ status: res.statusCode ?? 0, messages: messagesOf(String(res.headers['content-type']), text), body: text });
            } catch (error) {
              reject(new Error(`unreadable answer (${res.statusCode}): ${text.slice(0, 300)}: ${String(error)}`));
            }
          });
        },
      );
      req.on('error', reject);
      req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
      req.end(body);
    });
  }

  /** Posts every body, `concurrency` at a time, in order; the answers in the same order. */
  async postAll(
    items: readonly { readonly body: string; readonly headers: Record<string, string> }[],
    concurrency = 16,
  ): Promise<PostAnswer[]> {
    const answers: PostAnswer[] = new Array(items.length);
    let next = 0;
    const worker = async (): Promise<void> => {
      for (let i = next++; i < items.length; i = next++) {
        const item = items[i]!;
        answers[i] = await this.post(item.body, item.headers);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return answers;
  }

  close(): void {
    this.agent.destroy();
  }
}

function messagesOf(contentType: string, text: string): Record<string, unknown>[] {
  if (text === '') return [];
  if (contentType.startsWith('text/event-stream')) {
    return text
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice('data:'.length).trim())
      .filter((data) => data !== '') // priming events carry no data
      .map((data) => JSON.parse(data) as Record<string, unknown>);
  }
  return [JSON.parse(text) as Record<string, unknown>];
}
