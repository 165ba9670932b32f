import { prefixName, prefixUri, unprefixUri } from './prefix-rule';

/** How one proxy names what it serves: through the prefix rule, or as the upstream does without a prefix. */
export class MountNaming {
  /** `prefix` was checked by the proxy's options (`invalidPrefix`). */
  constructor(readonly prefix: string | undefined) {}

  servedName(upstream: string): string {
    return this.prefix === undefined ? upstream : prefixName(this.prefix, upstream);
  }

  /** The served URI (or URI template); undefined when a prefix cannot be applied (no scheme). */
  servedUri(upstream: string): string | undefined {
    return this.prefix === undefined ? upstream : prefixUri(this.prefix, upstream);
  }

  upstreamUri(served: string): string | undefined {
    return this.prefix === undefined ? served : unprefixUri(this.prefix, served);
  }

  /** A `resources/read` result with each content's `uri` renamed as served (the names the downstream client knows). */
  servedContents(result: unknown): unknown {
    if (this.prefix === undefined || typeof result !== 'object' || result === null) return result;
    const { contents } = result as { contents?: unknown };
    if (!Array.isArray(contents)) return result;
    return {
      ...result,
      contents: contents.map((entry: unknown) => {
        if (typeof entry !== 'object' || entry === null) return entry;
        const uri = (entry as { uri?: unknown }).uri;
        const served = typeof uri === 'string' ? this.servedUri(uri) : undefined;
        return served === undefined ? entry : { ...entry, uri: served };
      }),
    };
  }
}
