import type { IncomingMessage } from 'node:http';
import type { BodyConsumer } from './http-exchange';

/**
 * Reading one `node:http` request body. The read in progress is kept on the request itself,
 * so the listeners are three module-level functions (node calls them with the request as
 * `this`) rather than three closures and a cleanup function allocated per POST.
 */

const READ = Symbol('armature.bodyRead');
type ReadingRequest = IncomingMessage & { [READ]?: NodeBodyRead };

function onData(this: ReadingRequest, chunk: Buffer): void {
  this[READ]?.chunk(chunk);
}

function onEnd(this: ReadingRequest): void {
  this[READ]?.ended();
}

function onError(this: ReadingRequest, error: Error): void {
  this[READ]?.failed(error);
}

/** Reads `req`'s whole body into `consumer.body` (`null` past `limit` bytes); a read error goes to `consumer.failed`. */
export function readNodeBody(req: IncomingMessage, limit: number, consumer: BodyConsumer): void {
  (req as ReadingRequest)[READ] = new NodeBodyRead(req, limit, consumer);
  req.on('data', onData);
  req.on('end', onEnd);
  req.on('error', onError);
}

class NodeBodyRead {
  private size = 0;
  /** Most bodies arrive in one chunk: the second and later ones only are kept in an array. */
  private first: Buffer | undefined = undefined;
  private rest: Buffer[] | undefined = undefined;
  private done = false;

  constructor(
    private readonly req: IncomingMessage,
    private readonly limit: number,
    private readonly consumer: BodyConsumer,
  ) {}

  chunk(chunk: Buffer): void {
    if (this.done) return;
    this.size += chunk.length;
    if (this.size > this.limit) {
      this.stop();
      // Discard the rest while the 413 goes out; `connection: close` (set by send) ends
      // the socket after it, so an endless body cannot keep it.
      this.req.resume();
      this.consumer.body(null);
      return;
    }
    if (this.first === undefined) this.first = chunk;
    else (this.rest ??= []).push(chunk);
  }

  ended(): void {
    if (this.done) return;
    // Nothing is removed after 'end': the request emits nothing more, and its listeners go
    // with it (one removal fewer per listener per request). 'error' stays, a no-op by then.
    this.done = true;
    const { first, rest } = this;
    this.first = this.rest = undefined;
    this.consumer.body(first === undefined ? Buffer.alloc(0) : rest === undefined ? first : Buffer.concat([first, ...rest], this.size));
  }

  failed(error: Error): void {
    if (this.done) return;
    this.stop();
    this.consumer.failed(error);
  }

  private stop(): void {
    this.done = true;
    this.first = this.rest = undefined;
    const req = this.req;
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('error', onError);
  }
}
