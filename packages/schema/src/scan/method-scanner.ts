import * as ts from 'typescript';
import type { ManifestMethod } from '../manifest/manifest.types';
import { schemaFingerprint } from '../manifest/schema-fingerprint';
import { matchDecorators } from './decorator-matcher';
import { readDecoratorOptions } from './decorator-options';
import { readMethodDocs } from './jsdoc-reader';
import type { MethodInput } from './method-input';
import { claimName, type NameClaim } from './name-registry';
import { reportMethodTitleTags } from './option-title-notes';
import { readParameters } from './parameter-reader';
import { buildPromptEntry } from './prompt-entry.builder';
import { buildResourceEntry, buildTemplateEntry } from './resource-entry.builder';
import type { ScanContext } from './scan-context';
import { buildToolEntry } from './tool-entry.builder';

const BUILDERS = {
  tool: buildToolEntry,
  prompt: buildPromptEntry,
  resource: buildResourceEntry,
  resourceTemplate: buildTemplateEntry,
} as const;

/** A scanned member: its method name, entry (undefined after a reported problem) and name claim. */
export interface ScannedMember {
  readonly name: string;
  readonly entry: ManifestMethod | undefined;
  readonly claim?: NameClaim;
}

/**
 * Scans one class member: when it carries exactly one Armature decorator, returns its method
 * name, manifest entry and the tool/prompt name it claims; undefined when it carries none.
 */
export function scanMember(member: ts.ClassElement, className: string, context: ScanContext): ScannedMember | undefined {
  if (!ts.isMethodDeclaration(member)) return undefined;
  const decorators = matchDecorators(member, context.origin);
  const first = decorators[0];
  if (!first) return undefined;
  const methodName = memberName(member.name, context);
  const subject = { className, method: methodName };
  if (decorators.length > 1) {
    const kinds = decorators.map((d) => `@${d.node.expression.getText()}`).join(', ');
    context.report(decorators[1]?.node ?? member, 'ARM_ERR_DECORATOR', subject, `a method takes one Armature decorator, found ${kinds}.`);
    return { name: methodName, entry: undefined };
  }
  if (member.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword)) {
    context.report(first.node, 'ARM_ERR_DECORATOR', subject, 'a static method cannot be a handler; make it an instance method.');
    return { name: methodName, entry: undefined };
  }
  const input: MethodInput = {
    node: member,
    className,
    methodName,
    decorator: first,
    options: readDecoratorOptions(first, context.checker),
    docs: readMethodDocs(member),
    params: readParameters(member, context),
  };
  reportMethodTitleTags(member, className, methodName, context);
  const claim = claimName(input, context);
  const entry = BUILDERS[first.kind](input, context);
  return { name: methodName, entry: entry && identify(entry, claim, input), ...(claim ? { claim } : {}) };
}

/** Adds what clients know the entry by (its name or URI) and, for a tool, its schema fingerprint. */
function identify(entry: ManifestMethod, claim: NameClaim | undefined, input: MethodInput): ManifestMethod {
  const uri = input.options.uri?.value;
  const { kind, ...rest } = entry;
  return {
    kind,
    ...(claim && (claim.kind === 'tool' || claim.kind === 'prompt') ? { name: claim.name } : {}),
    ...(uri !== undefined && (entry.kind === 'resource' || entry.kind === 'resourceTemplate') ? { uri } : {}),
    ...(entry.kind === 'tool' && !input.options.hasInputSchema && !input.options.hasOutputSchema
      ? { fingerprint: schemaFingerprint(entry.inputSchema, entry.outputSchema) }
      : {}),
    ...rest,
  };
}

function memberName(name: ts.PropertyName, context: ScanContext): string {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isPrivateIdentifier(name)) {
    return name.text;
  }
  if (ts.isComputedPropertyName(name)) {
    const type = context.checker.getTypeAtLocation(name.expression);
    if (type.isStringLiteral()) return type.value;
  }
  return name.getText();
}
