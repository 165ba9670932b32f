import * as ts from 'typescript';
import { describeUnsupported } from '../convert/type-to-schema';
import type { JsonSchema } from '../manifest/manifest.types';
import type { ScanContext } from '../scan/scan-context';
import { toFormSchema } from './form-schema';
import { readOptionTitles } from './option-titles';

/** One typed `ctx.elicit<T>(message, { key })` call: the form its type argument describes. */
export interface ElicitFormSite {
  readonly key: string;
  /** `<file relative to the project>:<line>:<column>` of the call. */
  readonly source: string;
  readonly schema: JsonSchema;
}

const SUBJECT = { className: 'ctx.elicit' };
/** What MCP 2026-07-28 allows as an `inputRequests` key (the key names the question there too). */
const KEY_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * Finds every typed elicitation in a file — a call that resolves to the type-argument overload
 * of `RequestContext.elicit` — and turns its type argument into an MCP form schema. A call
 * without a type argument, without a literal `key`, or whose type is outside the form subset
 * is reported where it is written.
 */
export function scanElicitCalls(file: ts.SourceFile, context: ScanContext): ElicitFormSite[] {
  const sites: ElicitFormSite[] = [];
  if (!file.text.includes('elicit')) return sites;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && isTypedElicit(node, context)) {
      const site = readSite(node, context);
      if (site !== undefined) sites.push(site);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return sites;
}

/** True when the call resolves to core's `RequestContext.elicit<T>(message, options)`. */
function isTypedElicit(call: ts.CallExpression, context: ScanContext): boolean {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'elicit') return false;
  const declaration = context.checker.getResolvedSignature(call)?.declaration;
  if (declaration === undefined || !ts.isMethodDeclaration(declaration) || declaration.typeParameters === undefined) return false;
  const owner = declaration.parent;
  if (!ts.isClassDeclaration(owner) || owner.name?.text !== 'RequestContext') return false;
  const symbol = context.checker.getSymbolAtLocation(owner.name);
  return symbol !== undefined && context.origin.declaredInCore(symbol);
}

function readSite(call: ts.CallExpression, context: ScanContext): ElicitFormSite | undefined {
  const typeNode = call.typeArguments?.[0];
  if (typeNode === undefined) {
    context.report(
      call,
      'ARM_ERR_ELICIT_FORM',
      SUBJECT,
      'a typed elicitation needs its form type as a type argument: ctx.elicit<MyForm>(message, { key }); pass ElicitRequestFormParams instead to write the schema by hand.',
    );
    return undefined;
  }
  const key = literalKey(call.arguments[1]);
  if (key === undefined) {
    context.report(
      call.arguments[1] ?? call,
      'ARM_ERR_ELICIT_FORM',
      SUBJECT,
      'the options of a typed elicitation need a literal key ({ key: "confirm_delete" }): the server finds the form by it at run time.',
    );
    return undefined;
  }
  if (!KEY_PATTERN.test(key)) {
    context.report(
      call.arguments[1] as ts.Node,
      'ARM_ERR_ELICIT_FORM',
      SUBJECT,
      `the key ${JSON.stringify(key.slice(0, 80))} is not 1-64 characters of A-Z a-z 0-9 _ . -.`,
    );
    return undefined;
  }
  const typeText = typeNode.getText();
  const formType = context.checker.getTypeFromTypeNode(typeNode);
  const converted = context.converter.convert(formType, 'input', 'recursive', 'form');
  if (!converted.ok) {
    context.report(typeNode, 'ARM_ERR_ELICIT_FORM', SUBJECT, describeUnsupported('form', typeText, converted.problem));
    return undefined;
  }
  const titles = readOptionTitles(formType, context.checker);
  if (!titles.ok) {
    context.report(titles.node, 'ARM_ERR_ELICIT_FORM', SUBJECT, `the form type ${typeText}: ${titles.reason}.`);
    return undefined;
  }
  // A recursive type has `$defs`; a form cannot refer to anything, so that is refused too.
  const form =
    Object.keys(converted.value.defs).length > 0
      ? { ok: false as const, reason: 'refers to itself; a form is a flat object of string, number, integer, boolean or enum properties' }
      : toFormSchema(converted.value.schema, titles.byProperty);
  if (!form.ok) {
    context.report(typeNode, 'ARM_ERR_ELICIT_FORM', SUBJECT, `the form type ${typeText}: ${form.reason}.`);
    return undefined;
  }
  const where = context.locate(call);
  return { key, source: `${where.file}:${where.line}:${where.column}`, schema: form.schema };
}

/** The `key` of an options object literal, when it is a string literal. */
function literalKey(options: ts.Expression | undefined): string | undefined {
  if (options === undefined || !ts.isObjectLiteralExpression(options)) return undefined;
  for (const property of options.properties) {
    if (!ts.isPropertyAssignment(property) || property.name.getText() !== 'key') continue;
    const value = property.initializer;
    return ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value) ? value.text : undefined;
  }
  return undefined;
}
