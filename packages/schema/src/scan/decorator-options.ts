import * as ts from 'typescript';
import { type LiteralResult, propertyKey, readLiteral } from './literal-value';
import type { MatchedDecorator } from './decorator-matcher';

/** A string option: its value when it is a literal (or a constant of literal type), and where it is. */
export interface StringOption {
  readonly value: string | undefined;
  readonly node: ts.Node;
}

/** An option read as a JSON literal (`literal.ok` false when it is not written as one), and where it is. */
export interface LiteralOption {
  readonly literal: LiteralResult;
  readonly node: ts.Expression;
}

/** The decorator options that matter at build time, read from the call's syntax. */
export interface DecoratorOptions {
  readonly name?: StringOption;
  readonly description?: StringOption;
  /** `@Resource(uri)` / `@ResourceTemplate(uriTemplate)`: the URI or template. */
  readonly uri?: StringOption;
  /** True when the decorator gives its own `inputSchema` (the scanner then writes none). */
  readonly hasInputSchema: boolean;
  /**
   * The argument names an explicit `inputSchema` (its literal `properties`) or prompt
   * `arguments` (their literal `name`s) declare; undefined when not given or not literal.
   */
  readonly explicitArgumentNames?: readonly string[];
  /** `@Prompt({ arguments })`: true when the decorator gives its own argument list. */
  readonly hasArguments: boolean;
  /** True when the decorator gives its own `outputSchema`. */
  readonly hasOutputSchema: boolean;
  /** `@Tool({ extendInputSchema })`: merged into the generated input schema when it is a literal. */
  readonly extendInputSchema?: LiteralOption;
  /** `@Tool({ headers })`: parameters marked `x-mcp-header` when it is a literal. */
  readonly headers?: LiteralOption;
}

/**
 * Reads `{ name, description, inputSchema, outputSchema, extendInputSchema, headers }` from
 * `@Tool(opts)` / `@Prompt(opts)`, and the URI plus options from `@Resource(uri, opts)` / `@ResourceTemplate(uri, opts)`
 * (an options object carrying `uri` / `uriTemplate` is accepted too).
 */
export function readDecoratorOptions(decorator: MatchedDecorator, checker: ts.TypeChecker): DecoratorOptions {
  const [first, second] = decorator.args;
  const takesUri = decorator.kind === 'resource' || decorator.kind === 'resourceTemplate';
  let uri: StringOption | undefined;
  let objectNode: ts.ObjectLiteralExpression | undefined;
  if (takesUri && first && !ts.isObjectLiteralExpression(first)) {
    uri = readString(first, checker);
    objectNode = second && ts.isObjectLiteralExpression(second) ? second : undefined;
  } else {
    objectNode = first && ts.isObjectLiteralExpression(first) ? first : undefined;
  }
  const properties = objectNode ? readProperties(objectNode) : new Map<string, ts.Expression>();
  const uriExpression = properties.get('uriTemplate') ?? properties.get('uri');
  if (takesUri && !uri && uriExpression) uri = readString(uriExpression, checker);
  const name = properties.get('name');
  const description = properties.get('description');
  const extendInputSchema = decorator.kind === 'tool' ? properties.get('extendInputSchema') : undefined;
  const headers = decorator.kind === 'tool' ? properties.get('headers') : undefined;
  return {
    name: name ? readString(name, checker) : undefined,
    description: description ? readString(description, checker) : undefined,
    uri,
    hasInputSchema: properties.has('inputSchema'),
    hasOutputSchema: properties.has('outputSchema'),
    hasArguments: decorator.kind === 'prompt' && properties.has('arguments'),
    explicitArgumentNames: explicitNames(
      decorator.kind === 'prompt' ? properties.get('arguments') : properties.get('inputSchema'),
      checker,
    ),
    ...(extendInputSchema ? { extendInputSchema: { literal: readLiteral(extendInputSchema, checker), node: extendInputSchema } } : {}),
    ...(headers ? { headers: { literal: readLiteral(headers, checker), node: headers } } : {}),
  };
}

function explicitNames(expression: ts.Expression | undefined, checker: ts.TypeChecker): string[] | undefined {
  if (!expression) return undefined;
  const literal = readLiteral(expression, checker);
  if (!literal.ok) return undefined;
  const value = literal.value;
  if (Array.isArray(value)) {
    return value.flatMap((item) =>
      typeof item === 'object' && item !== null && !Array.isArray(item) && typeof item.name === 'string' ? [item.name] : [],
    );
  }
  const props = typeof value === 'object' && value !== null && !Array.isArray(value) ? value.properties : undefined;
  return typeof props === 'object' && props !== null && !Array.isArray(props) ? Object.keys(props) : [];
}

function readProperties(node: ts.ObjectLiteralExpression): Map<string, ts.Expression> {
  const properties = new Map<string, ts.Expression>();
  for (const property of node.properties) {
    if (ts.isPropertyAssignment(property)) {
      const key = propertyKey(property.name);
      if (key !== undefined) properties.set(key, property.initializer);
    } else if (ts.isShorthandPropertyAssignment(property)) {
      properties.set(property.name.text, property.name);
    }
  }
  return properties;
}

function readString(expression: ts.Expression, checker: ts.TypeChecker): StringOption {
  const literal = readLiteral(expression, checker);
  return { value: literal.ok && typeof literal.value === 'string' ? literal.value : undefined, node: expression };
}
