import type { UnsafeValueCheck, UnsafeValuePolicy } from './uri-template.types';
import type { ValueKind } from './uri-template-compiled';

/** What the checks need to know about where a value came from. */
export interface ValueContext {
  readonly kind: ValueKind;
  readonly allow: Readonly<Required<UnsafeValuePolicy>>;
}

/** Log-friendly wording per check. */
export const UNSAFE_VALUE_DETAIL: Readonly<Record<UnsafeValueCheck, string>> = Object.freeze({
  'control-character': 'contains a control character (NUL, C0, DEL or C1)',
  'dot-segment': 'contains a "." or ".." path segment (raw or pct-encoded)',
  'encoded-separator': 'contains a pct-encoded "/" or "\\" inside a single path segment',
  backslash: 'contains a backslash',
  'absolute-path': 'is an absolute path (leading "/" or "\\", or a Windows drive root)',
});

/**
 * Checks one decoded value in a single pass and names the first failed check, in this
 * order: control characters, dot segments, encoded separators, backslashes, absolute
 * paths. Values are decoded already, so `%2e%2e`, `%2F`, `%5C` and `%00` are caught as
 * the characters they stand for. Segments are split at `/` and at `\` (Windows).
 */
export function findUnsafeValue(value: string, ctx: ValueContext): UnsafeValueCheck | null {
  let control = false;
  let dotSegment = false;
  let separator = false;
  let backslash = false;
  let segStart = 0;
  const n = value.length;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? value.charCodeAt(i) : 0x2f;
    if (c === 0x2f || c === 0x5c) {
      const len = i - segStart;
      if ((len === 1 || len === 2) && value.charCodeAt(segStart) === 0x2e && (len === 1 || value.charCodeAt(segStart + 1) === 0x2e)) {
        dotSegment = true;
      }
      segStart = i + 1;
      if (i < n) {
        if (c === 0x5c) backslash = true;
        if (ctx.kind === 'segment') separator = true;
      }
    } else if (c < 0x20 || c === 0x7f || (c >= 0x80 && c <= 0x9f)) {
      control = true;
    }
  }
  const { allow } = ctx;
  if (control && !allow.controlCharacters) return 'control-character';
  if (dotSegment && !allow.dotSegments) return 'dot-segment';
  if (separator && !allow.encodedSeparators) return 'encoded-separator';
  if (backslash && !allow.backslashes) return 'backslash';
  if (!allow.absolutePaths && isAbsolute(value)) return 'absolute-path';
  return null;
}

/**
 * Values are relative unless the template says otherwise: a leading `/` or `\` (root,
 * UNC) or a Windows drive root is refused even in `file://{+path}`, whose author opts in
 * with `absolutePaths: true` and then confines the path to the roots it serves.
 */
function isAbsolute(value: string): boolean {
  const c0 = value.charCodeAt(0);
  if (c0 === 0x2f || c0 === 0x5c) return true;
  // A Windows drive root: `C:`, `C:\x`, `C:/x`. (`c:x` stays allowed: ids like `a:1` are
  // common, and a drive-relative name joined under a root does not leave it.)
  const letter = (c0 >= 0x41 && c0 <= 0x5a) || (c0 >= 0x61 && c0 <= 0x7a);
  const c2 = value.charCodeAt(2);
  return letter && value.charCodeAt(1) === 0x3a && (value.length === 2 || c2 === 0x2f || c2 === 0x5c);
}
