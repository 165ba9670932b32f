/**
 * A typed elicitation form ready to ask: the `requestedSchema` sent, and the check of an
 * accepted answer (the app makes both from the manifest; see `ElicitFormTable`). Declared
 * structurally so the request context depends on no validator.
 */
export interface ElicitForm {
  readonly schema: Readonly<Record<string, unknown>>;
  /** Checks accepted content: the form's fields only (closed), each of its type and limits. */
  readonly validate: (
    value: unknown,
  ) =>
    | { readonly valid: true; readonly value: unknown }
    | { readonly valid: false; readonly issues: readonly { readonly path: string; readonly message: string }[] };
}
