import type { JsonSchema, ScanResult } from '../../src';
import { methodOf, scanClean } from '../helpers/scan-helpers';
import { TYPE_CORPUS } from './type-corpus';

/** How the corpus is scanned: inlined shared types (the default), or `@schemaDefs` on every tool. */
export type CorpusDefs = 'inline' | 'schemaDefs';

/** One handler class with a tool per corpus case (`case<i>`), with `@schemaDefs` on each when asked. */
export function corpusSource(defs: CorpusDefs): string {
  const declarations = TYPE_CORPUS.map((c) => c.declarations ?? '').join('\n');
  const methods = TYPE_CORPUS.map((c, i) => {
    const lines = [...(c.jsdoc ?? []), ...(defs === 'schemaDefs' ? ['@schemaDefs'] : [])];
    const doc = lines.length > 0 ? `  /**\n${lines.map((line) => `   * ${line}`).join('\n')}\n   */\n` : '';
    return `${doc}  @Tool()\n  case${i}(${c.params}): void {}\n`;
  }).join('\n');
  return `import { Tool } from '@armature/core';\n${declarations}\nexport class Corpus {\n${methods}}\n`;
}

/** Scans the corpus (no problems allowed). */
export function scanCorpus(defs: CorpusDefs): ScanResult {
  return scanClean(corpusSource(defs), 'src/corpus.handlers.ts');
}

/** The input schema of corpus case `i`. */
export function corpusSchema(result: ScanResult, i: number): JsonSchema {
  return methodOf(result, 'Corpus', `case${i}`).inputSchema as JsonSchema;
}
