import type { JSONRPCErrorResponse } from '../wire/mcp-types.generated';
import { WIRE_REVISION_NAMES, type WireErrorEntry, type WireRevisionName } from './wire-numbering';
import { WIRE_ERRORS } from './wire-error-codes';

/** How one revision puts an error on the wire, read from the registry's numbering for it. */
export interface WireEncoding {
  /** A revision-neutral error response numbered the way the revision numbers it (the same object when unchanged). */
  encode(response: JSONRPCErrorResponse): JSONRPCErrorResponse;
  /** The HTTP status of an encoded error; `beforeRun` when the request was refused before its method ran. */
  httpStatus(wireCode: number, beforeRun: boolean): number;
}

/** Revision-neutral code → the revision's number, for every registered code. */
function numbersOf(revision: WireRevisionName, entries: readonly WireErrorEntry[]): ReadonlyMap<number, number> {
  return new Map(entries.map((entry) => [entry.code, entry.wire[revision].code]));
}

/** The revision's number → its fixed HTTP status (undefined: not fixed). */
function statusesOf(revision: WireRevisionName, entries: readonly WireErrorEntry[]): ReadonlyMap<number, number | undefined> {
  const statuses = new Map<number, number | undefined>();
  for (const { wire } of entries) {
    const form = wire[revision];
    // Two codes may share one number in a revision (2026 numbers -32002 as -32602); they must share its status too.
    if (statuses.has(form.code) && statuses.get(form.code) !== form.httpStatus)
      throw new Error(`The wire error registry gives ${form.code} two HTTP statuses under ${revision}`);
    statuses.set(form.code, form.httpStatus);
  }
  return statuses;
}

const REGISTRY_NUMBERS = new Map(WIRE_REVISION_NAMES.map((revision) => [revision, numbersOf(revision, WIRE_ERRORS.entries)]));

/** The number `revision` gives a revision-neutral code (a code outside the registry keeps its own). */
export function wireCodeOf(revision: WireRevisionName, code: number): number {
  return REGISTRY_NUMBERS.get(revision)?.get(code) ?? code;
}

/**
 * The encoding of `revision` from `entries` (default: the registry). `unfixedStatus` is the
 * revision's rule for an error whose HTTP status the registry does not fix.
 */
export function wireEncoding(
  revision: WireRevisionName,
  unfixedStatus: (beforeRun: boolean) => number,
  entries: readonly WireErrorEntry[] = WIRE_ERRORS.entries,
): WireEncoding {
  const numbers = numbersOf(revision, entries);
  const statuses = statusesOf(revision, entries);
  return {
    encode(response) {
      const code = numbers.get(response.error.code) ?? response.error.code;
      return code === response.error.code ? response : { ...response, error: { ...response.error, code } };
    },
    httpStatus: (wireCode, beforeRun) => statuses.get(wireCode) ?? unfixedStatus(beforeRun),
  };
}
