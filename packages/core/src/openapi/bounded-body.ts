/** A body read up to a byte limit: its bytes, and whether more were left unread. */
export interface BoundedBody {
  readonly bytes: Uint8Array;
  readonly truncated: boolean;
}

/** Reads at most `limit` bytes of a response body, then cancels the rest (the peer is not trusted to stop). */
export async function readBounded(response: Response, limit: number): Promise<BoundedBody> {
  if (response.body === null) return { bytes: new Uint8Array(0), truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > limit) {
      chunks.push(value.subarray(0, limit - size));
      size = limit;
      truncated = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes, truncated };
}

/** At most `chars` characters of a body, control characters replaced: safe to show a model. */
export function excerpt(bytes: Uint8Array, chars: number): string {
  // eslint-disable-next-line no-control-regex
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ');
  return text.length > chars ? `${text.slice(0, chars)}…` : text;
}
