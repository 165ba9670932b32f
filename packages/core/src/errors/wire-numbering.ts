import { defineErrors, type ErrorEntry, type ErrorRegistry, type ErrorSpec } from '@armature/di';

/** The MCP revisions whose numbering a wire error entry gives. */
export type WireRevisionName = '2025-11-25' | '2026-07-28';

/** Every revision a wire error entry numbers, in page order. */
export const WIRE_REVISION_NAMES: readonly WireRevisionName[] = Object.freeze(['2025-11-25', '2026-07-28']);

/** How one revision sends a wire error: its JSON-RPC number, and its HTTP status where that is fixed. */
export interface WireForm {
  readonly code: number;
  /** Streamable HTTP; absent when the status depends on the moment (the revision's own rule then applies). */
  readonly httpStatus?: number;
}

/** A wire error as each revision sends it. */
export type WireNumbering = Readonly<Record<WireRevisionName, WireForm>>;

/** A wire error as its registry writes it: `code` is the revision-neutral number the engine raises. */
export interface WireErrorSpec extends ErrorSpec {
  readonly code: number;
  readonly wire: WireNumbering;
}

/** A registered wire error. */
export interface WireErrorEntry extends ErrorEntry {
  readonly code: number;
  readonly wire: WireNumbering;
}

/** A registry of wire errors: the shared registry shape whose entries also say how each revision sends them. */
export interface WireErrorRegistry<
  Specs extends Readonly<Record<string, WireErrorSpec>> = Readonly<Record<string, WireErrorSpec>>,
> extends ErrorRegistry<Specs> {
  readonly entries: readonly WireErrorEntry[];
}

/** `defineErrors` for wire errors (the entries keep their `wire` numbering). */
export function defineWireErrors<const Specs extends Readonly<Record<string, WireErrorSpec>>>(
  pkg: string,
  title: string,
  specs: Specs,
): WireErrorRegistry<Specs> {
  return defineErrors(pkg, title, specs) as WireErrorRegistry<Specs>;
}
