/**
 * Options of a typed elicitation (`ctx.elicit<T>(message, { key })`). The key is required: the
 * form schema `armature build` made from `T` is stored under it in the manifest (type arguments
 * do not exist at run time), and on MCP 2026-07-28 it also names the question in
 * `inputRequests` / `inputResponses`. 1–64 of `A-Za-z0-9_.-`, one form per key in the app.
 */
export interface ElicitFormOptions {
  readonly key: string;
}

/**
 * The answer to a typed elicitation: `accept` carries the user's input, checked against the
 * form and typed `T`; `decline` and `cancel` carry nothing.
 */
export type ElicitAnswer<T> =
  { readonly action: 'accept'; readonly content: T } | { readonly action: 'decline' } | { readonly action: 'cancel' };
