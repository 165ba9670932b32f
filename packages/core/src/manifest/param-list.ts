import type { ManifestParam, ParamRole } from './manifest.types';
import { decodeParamList, paramCountOf, roleIndexOf } from './param-list-text';

/**
 * One distinct parameter list of a manifest, shared by the methods that have it. A format 4
 * list stored as text (`aquery!,cctx`) stays text until a call binds its parameters: a boot
 * with 10,000 tools makes no parameter objects (they were ~50,000 objects to parse and keep).
 * What the boot asks (how many, where a DTO parameter is) is read from the text.
 */
export class ParamList {
  private decoded: readonly ManifestParam[] | undefined;

  constructor(private readonly stored: readonly ManifestParam[] | string) {
    if (typeof stored !== 'string') this.decoded = stored;
  }

  /** The parameters, in declaration order (decoded from the text once). */
  get items(): readonly ManifestParam[] {
    return (this.decoded ??= Object.freeze(decodeParamList(this.stored as string)));
  }

  /** The list's text while it has not been decoded (a format 4 manifest's list), else undefined. */
  get text(): string | undefined {
    return this.decoded === undefined ? (this.stored as string) : undefined;
  }

  get length(): number {
    return this.decoded?.length ?? paramCountOf(this.stored as string);
  }

  /** The position of the first parameter with `role`, or -1. */
  indexOfRole(role: ParamRole): number {
    if (this.decoded === undefined) return roleIndexOf(this.stored as string, role);
    const at = this.decoded.findIndex((param) => param.role === role);
    return at === -1 ? -1 : (this.decoded[at] as ManifestParam).index;
  }
}
