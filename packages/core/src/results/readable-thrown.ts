/**
 * What a handler threw, made safe to classify: a value whose inspection itself throws (a
 * Proxy with throwing traps, a throwing `name`/`message`/`code` getter) is replaced by a
 * plain Error, so the error path can never throw and leave a request unanswered.
 */
export function readableThrown(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  try {
    void (error instanceof Error);
    const probe = error as { name?: unknown; code?: unknown; message?: unknown; data?: unknown };
    void [probe.name, probe.code, probe.message, probe.data];
    return error;
  } catch {
    return new Error('A handler threw a value that cannot be inspected');
  }
}
