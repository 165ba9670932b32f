import type * as ts from 'typescript';
import type { MatchedDecorator } from './decorator-matcher';
import type { DecoratorOptions } from './decorator-options';
import type { MethodDocs } from './jsdoc-reader';
import type { ParamInfo } from './parameter-reader';

/** Everything read about one decorated method before its manifest entry is built. */
export interface MethodInput {
  readonly node: ts.MethodDeclaration;
  readonly className: string;
  readonly methodName: string;
  readonly decorator: MatchedDecorator;
  readonly options: DecoratorOptions;
  readonly docs: MethodDocs;
  readonly params: readonly ParamInfo[];
}

/** The description recorded in the manifest: the decorator's literal one, else the JSDoc. */
export function describe(input: MethodInput): { description?: string } {
  const description = input.options.description?.value ?? input.docs.description;
  return description === undefined ? {} : { description };
}
