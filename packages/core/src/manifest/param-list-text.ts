// The short text form of a parameter list (manifest format 4), shared by `armature build`'s
// writer (@armature/schema, through `@armature/core/manifest`) and core's reader. It loads nothing.

/** The roles a parameter list text can hold, by their letter. */
type ShortRole = 'argument' | 'context' | 'dto' | 'variable';

/** One parameter as the short form holds it: its position is its index; no default, no description. */
export interface ShortFormParam {
  readonly index: number;
  readonly name: string;
  readonly role: ShortRole;
  readonly required?: boolean;
}

const LETTER: Readonly<Record<ShortRole, string>> = { argument: 'a', context: 'c', dto: 'd', variable: 'v' };
const ROLE: Readonly<Record<string, ShortRole>> = { a: 'argument', c: 'context', d: 'dto', v: 'variable' };
const NAME = /^[A-Za-z_$][\w$]*$/;

/**
 * A whole parameter list text: comma-separated parameters, each a role letter (`a`rgument,
 * `c`ontext, `d`to, `v`ariable), the name, then `!` (required), `?` (optional) or nothing
 * (`required` absent); `""` is the empty list. `aquery!,alimit?,cctx` is
 * `[{index:0,name:"query",role:"argument",required:true}, {index:1,name:"limit",role:"argument",required:false}, {index:2,name:"ctx",role:"context"}]`.
 */
export const PARAM_LIST_TEXT = /^(?:[acdv][A-Za-z_$][\w$]*[!?]?(?:,[acdv][A-Za-z_$][\w$]*[!?]?)*)?$/;

/**
 * The short text of a parameter list, or undefined when the list does not fit it (a default,
 * a description, a gap in the indexes, a name that is not an ASCII identifier, another key):
 * such a list is stored as objects.
 */
export function encodeParamList(params: readonly object[]): string | undefined {
  const parts: string[] = [];
  for (let i = 0; i < params.length; i++) {
    const { index, name, role, required, ...rest } = params[i] as Partial<ShortFormParam> & Record<string, unknown>;
    if (index !== i || typeof name !== 'string' || !NAME.test(name) || role === undefined || !Object.hasOwn(LETTER, role)) return undefined;
    if (Object.keys(rest).length > 0 || (required !== undefined && typeof required !== 'boolean')) return undefined;
    parts.push(`${LETTER[role]}${name}${required === true ? '!' : required === false ? '?' : ''}`);
  }
  return parts.join(',');
}

/**
 * The parameters of a text that {@link PARAM_LIST_TEXT} matches. Names stay plain slices: the
 * first `args[name]` read turns one into a reference to the engine's internalized key, so
 * later reads cost a few nanoseconds more than an internalized copy would. Internalizing them
 * here (`Object.keys({ [name]: 0 })`) cost ~2 µs a name on a tool's first call at 10,000 tools,
 * where every new key adds a map transition (bench/README.md, the committed full run).
 */
export function decodeParamList(text: string): ShortFormParam[] {
  if (text === '') return [];
  return text.split(',').map((part, index): ShortFormParam => {
    const role = ROLE[part[0] as string] as ShortRole;
    const last = part[part.length - 1];
    if (last === '!' || last === '?') return { index, name: part.slice(1, -1), role, required: last === '!' };
    return { index, name: part.slice(1), role };
  });
}

/**
 * The role letter and the name of each parameter of a list text, in order, with no parameter
 * objects made (what binding a call's arguments needs: a tool's first call reads it).
 */
export function visitParamList(text: string, visit: (letter: string, name: string) => void): void {
  // Scanned in place: one string per name, none per part.
  for (let start = 0; start < text.length;) {
    let end = text.indexOf(',', start);
    if (end === -1) end = text.length;
    const last = text.charCodeAt(end - 1);
    visit(text[start] as string, text.slice(start + 1, last === BANG || last === QUESTION ? end - 1 : end));
    start = end + 1;
  }
}

const BANG = 0x21;
const QUESTION = 0x3f;

/** How many parameters a list text holds. */
export function paramCountOf(text: string): number {
  if (text === '') return 0;
  let count = 1;
  for (let i = text.indexOf(','); i !== -1; i = text.indexOf(',', i + 1)) count++;
  return count;
}

/** The index of the first parameter of `role` in a list text, or -1. */
export function roleIndexOf(text: string, role: ShortRole): number {
  const letter = LETTER[role];
  const at = text.startsWith(letter) ? 0 : text.indexOf(`,${letter}`);
  return at === -1 ? -1 : at === 0 ? 0 : paramCountOf(text.slice(0, at));
}
