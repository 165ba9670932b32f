/**
 * An HTTP answer whose body was read in full in `node:http`: `text()` and `json()` come straight
 * from its bytes, without the web streams a `Response` body is made of (a `Readable.toWeb` body
 * read by undici's body reader cost more per proxied call than the rest of the `fetch`). The
 * SDK transport reads a JSON answer with `json()` and an error answer with `text()`; the other
 * body readers are answered from the same bytes, once, as a `Response`'s are; `body` is `null`.
 */
export class ReadAnswer extends Response {
  private used = false;

  constructor(
    private readonly bytes: Buffer,
    init: ResponseInit,
  ) {
    super(null, init);
    Object.defineProperty(this, 'bodyUsed', { get: () => this.used });
  }

  override text = (): Promise<string> => this.take().then((bytes) => bytes.toString('utf8'));

  override json = (): Promise<unknown> => this.text().then((text) => JSON.parse(text) as unknown);

  override arrayBuffer = (): Promise<ArrayBuffer> => this.take().then((bytes) => new Uint8Array(bytes).buffer);

  override blob = (): Promise<Blob> => this.take().then((bytes) => new Blob([bytes], { type: this.headers.get('content-type') ?? '' }));

  private take(): Promise<Buffer> {
    if (this.used) return Promise.reject(new TypeError('Body is unusable: Body has already been read'));
    this.used = true;
    return Promise.resolve(this.bytes);
  }
}
