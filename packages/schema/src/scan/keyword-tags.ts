import { getOwn } from '../convert/own-keys';
import type { JsonSchema } from '../manifest/manifest.types';
import { keywordFits, KEYWORD_TARGET_TYPE, parseKeywordValue } from './keyword-values';
import type { MethodInput } from './method-input';
import type { ScanContext } from './scan-context';

/**
 * Applies a method's keyword tags (`@minimum age 0`: keyword, then the parameter it targets,
 * then the value) to the matching property schemas. Reports a tag that names nothing, has a
 * bad value, or constrains a type it cannot apply to. Returns false when it reported anything.
 */
export function applyKeywordTags(
  input: MethodInput,
  properties: Record<string, JsonSchema>,
  targets: readonly string[],
  targetNoun: string,
  context: ScanContext,
): boolean {
  let ok = true;
  for (const tag of input.docs.keywordTags) {
    const subject = { className: input.className, method: input.methodName, parameter: tag.target };
    const fail = (message: string): void => {
      context.report(tag.node, 'ARM_ERR_JSDOC_TAG', subject, message);
      ok = false;
    };
    const property = tag.target === undefined ? undefined : getOwn(properties, tag.target);
    if (tag.target === undefined || !targets.includes(tag.target) || property === undefined) {
      const known = targets.length === 0 ? 'there are none' : targets.join(', ');
      fail(
        `@${tag.keyword} must name a ${targetNoun} first (@${tag.keyword} <name> <value>); "${tag.target ?? ''}" is not one (${known}).`,
      );
      continue;
    }
    const parsed = parseKeywordValue(tag.keyword, tag.value);
    if (!parsed.ok) {
      fail(`@${tag.keyword} ${tag.target} ${parsed.reason}.`);
      continue;
    }
    if (!keywordFits(tag.keyword, property)) {
      const wanted = KEYWORD_TARGET_TYPE[tag.keyword] === 'number' ? 'numbers' : `${KEYWORD_TARGET_TYPE[tag.keyword]}s`;
      fail(`@${tag.keyword} applies to ${wanted}, but ${tag.target} is ${JSON.stringify(property.type)}.`);
      continue;
    }
    if (tag.keyword === 'integer') {
      property.type = Array.isArray(property.type) ? property.type.map((t) => (t === 'number' ? 'integer' : t)) : 'integer';
    } else {
      property[tag.keyword] = parsed.value;
    }
  }
  return ok;
}
