import { fail } from './simple-errors';
import type { SchemaPlan } from './simple-plan.types';

const NUMBER_FAILS: Readonly<Record<string, readonly [okStr: string, fails: (data: number, limit: number) => boolean]>> = {
  maximum: ['<=', (d, l) => d > l],
  minimum: ['>=', (d, l) => d < l],
  exclusiveMaximum: ['<', (d, l) => d >= l],
  exclusiveMinimum: ['>', (d, l) => d <= l],
};

export function checkNumber(plan: SchemaPlan, data: number, base: string, segment: string): void {
  for (const [keyword, limit] of plan.numberLimits ?? []) {
    const [okStr, fails] = NUMBER_FAILS[keyword] as (typeof NUMBER_FAILS)[string];
    if (fails(data, limit) || Number.isNaN(data))
      fail(base, segment, keyword, { comparison: okStr, limit }, `must be ${okStr} ${limit}`, plan, data);
  }
}

/** Length in code points, as ajv counts it (`ucs2length`). */
function codePoints(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++, n++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
  }
  return n;
}

export function checkString(plan: SchemaPlan, data: string, base: string, segment: string): void {
  if (plan.stringLimits !== undefined) {
    const length = codePoints(data);
    for (const [keyword, limit] of plan.stringLimits) {
      const over = keyword === 'maxLength';
      if (over ? length > limit : length < limit)
        fail(base, segment, keyword, { limit }, `must NOT have ${over ? 'more' : 'fewer'} than ${limit} characters`, plan, data);
    }
  }
  const pattern = plan.pattern;
  if (pattern !== undefined && !pattern.regexp.test(data))
    fail(base, segment, 'pattern', { pattern: pattern.source }, `must match pattern "${pattern.source}"`, plan, data);
}
