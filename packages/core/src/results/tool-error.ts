/**
 * An error whose message is written for the model: a tool that throws it answers
 * `isError: true` with exactly this message, so the model can correct itself and retry.
 * Anything else a tool throws is answered with a generic message (the details go to stderr).
 *
 * @example
 * ```ts
 * if (!note) throw new ToolError(`No note with id "${id}". Call search to find ids.`);
 * ```
 */
export class ToolError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ToolError';
  }
}

/** True for a `ToolError`, including one from another copy of this package. */
export function isToolError(value: unknown): value is ToolError {
  return value instanceof ToolError || (value instanceof Error && value.name === 'ToolError');
}
