import type { ArmatureErrorCode } from './armature-error';

/**
 * One error code of one package: the one shape of every Armature error registry. `code` is what
 * code matches on — a stable `ARM_ERR_*` string for local errors (`ArmatureError.code`, never
 * sent), or a number for errors a protocol puts on the wire (a registry of those may add how
 * each protocol revision sends it; @armature/core's wire registry does).
 */
export interface ErrorEntry {
  readonly code: ArmatureErrorCode | `ARM_NOTE_${string}` | `ARM_WARN_${string}` | number;
  /** A short identifier (`UNKNOWN_DEPENDENCY`, `InvalidParams`). */
  readonly name: string;
  /** What happened, in one sentence. */
  readonly meaning: string;
  /** What to change so it does not happen again. */
  readonly fix: string;
}

/** An entry as a registry source writes it: keyed by its name. */
export type ErrorSpec = Omit<ErrorEntry, 'name'>;

/** The error codes one package contributes, in a stable order. */
export interface ErrorRegistry<Specs extends Readonly<Record<string, ErrorSpec>> = Readonly<Record<string, ErrorSpec>>> {
  /** The npm package that raises them (`@armature/di`). */
  readonly package: string;
  /** What kind of codes these are, for the generated page's heading. */
  readonly title: string;
  readonly entries: readonly ErrorEntry[];
  /** Each entry's code by name, typed: `REGISTRY.codes.UNKNOWN_DEPENDENCY`. */
  readonly codes: { readonly [Name in keyof Specs]: Specs[Name]['code'] };
}

/** Builds a package's registry from its entries (frozen; `entries` in the order written). */
export function defineErrors<const Specs extends Readonly<Record<string, ErrorSpec>>>(
  pkg: string,
  title: string,
  specs: Specs,
): ErrorRegistry<Specs> {
  const entries = Object.entries(specs).map(([name, spec]) => Object.freeze({ name, ...spec }));
  const codes = Object.fromEntries(entries.map((entry) => [entry.name, entry.code]));
  return Object.freeze({
    package: pkg,
    title,
    entries: Object.freeze(entries),
    codes: Object.freeze(codes) as ErrorRegistry<Specs>['codes'],
  });
}

/** `{ code: meaning }` for the local codes of a registry (the shape of the older `*_ERROR_CODES` lists). */
export function meaningsByCode(registry: ErrorRegistry): Readonly<Record<string, string>> {
  return Object.freeze(Object.fromEntries(registry.entries.map((entry) => [String(entry.code), entry.meaning])));
}
