/** The JSON text of a POST's JSON-RPC answer: the body, or the last `data:` of an SSE stream ('' when it has none). */
export function answerText(contentType: string | null, body: string): string {
  if (contentType?.includes('text/event-stream') !== true) return body;
  return (
    body
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5))
      .pop() ?? ''
  );
}
