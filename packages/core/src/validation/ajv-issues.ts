import type { ErrorObject } from 'ajv';
import type { ValidationIssue } from './validation-result';

/** Property names come from the caller: quote them and keep them short in messages. */
function safeName(name: string): string {
  const quoted = /^[A-Za-z_$][\w$-]*$/.test(name) ? name : JSON.stringify(name);
  return quoted.length > 64 ? `${quoted.slice(0, 61)}...` : quoted;
}

/** `/tags/0/name` → `tags[0].name` (JSON Pointer unescaped). */
export function pointerToPath(pointer: string): string {
  if (pointer === '') return '';
  let out = '';
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(segment) ? `[${segment}]` : out === '' ? safeName(segment) : `.${safeName(segment)}`;
  }
  return out;
}

function join(parent: string, child: string): string {
  return parent === '' ? safeName(child) : `${parent}.${safeName(child)}`;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isInteger(value)) return 'integer';
  return typeof value;
}

const ARTICLE: Record<string, string> = { integer: 'an integer', object: 'an object', array: 'an array' };

function describeType(type: unknown): string {
  const list = Array.isArray(type) ? type : [type];
  return list.map((t) => ARTICLE[String(t)] ?? `a ${String(t)}`).join(' or ');
}

/** Keywords a titled option may carry besides its `const`. */
const OPTION_ANNOTATIONS: ReadonlySet<string> = new Set(['const', 'title', 'description']);

/**
 * The values of a titled-options list (`oneOf`/`anyOf` of `{ const, title }`, as generated for
 * titled enums), or undefined for any other list of schemas. Needs `verbose` (the error's `schema`).
 */
function optionValues(error: ErrorObject): unknown[] | undefined {
  if ((error.keyword !== 'oneOf' && error.keyword !== 'anyOf') || !Array.isArray(error.schema) || error.schema.length === 0)
    return undefined;
  const branches = error.schema as unknown[];
  const options = branches.every(
    (b) => typeof b === 'object' && b !== null && 'const' in b && Object.keys(b).every((k) => OPTION_ANNOTATIONS.has(k)),
  );
  return options ? branches.map((b) => (b as { const: unknown }).const) : undefined;
}

/**
 * Turns ajv errors (allErrors, verbose) into issues naming each field and why it failed. A
 * value matching none of a titled-options list is one issue listing the values, as for `enum`,
 * not one per option.
 */
export function ajvIssues(errors: readonly ErrorObject[]): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  const optionLists = errors.filter((error) => optionValues(error) !== undefined).map((error) => `${error.schemaPath}/`);
  for (const error of errors) {
    if (error.keyword === 'const' && optionLists.some((list) => error.schemaPath.startsWith(list))) continue;
    const at = pointerToPath(error.instancePath);
    const params = error.params as Record<string, unknown>;
    const options = optionValues(error);
    let issue: ValidationIssue;
    if (options !== undefined) issue = { path: at, message: `must be one of ${options.map((v) => JSON.stringify(v)).join(', ')}` };
    else
      switch (error.keyword) {
        case 'required':
          issue = { path: join(at, String(params.missingProperty)), message: 'is required' };
          break;
        case 'additionalProperties':
        case 'unevaluatedProperties': {
          const name = String(params.additionalProperty ?? params.unevaluatedProperty);
          const known = Object.keys((error.parentSchema?.properties as object | undefined) ?? {});
          const hint = known.length > 0 ? `; accepted: ${known.map(safeName).join(', ')}` : '';
          issue = { path: join(at, name), message: `is not an accepted ${at === '' ? 'argument' : 'property'}${hint}` };
          break;
        }
        case 'type':
          issue = { path: at, message: `must be ${describeType(params.type)} (got ${typeOf(error.data)})` };
          break;
        case 'enum':
          issue = { path: at, message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
          break;
        case 'const':
          issue = { path: at, message: `must be ${JSON.stringify(params.allowedValue)}` };
          break;
        case 'format':
          issue = { path: at, message: `must be a valid ${String(params.format)}` };
          break;
        case 'minLength':
        case 'maxLength': {
          const n = Number(params.limit);
          issue = {
            path: at,
            message: `must be at ${error.keyword === 'minLength' ? 'least' : 'most'} ${n} character${n === 1 ? '' : 's'} long`,
          };
          break;
        }
        case 'minItems':
        case 'maxItems': {
          const n = Number(params.limit);
          issue = { path: at, message: `must have at ${error.keyword === 'minItems' ? 'least' : 'most'} ${n} item${n === 1 ? '' : 's'}` };
          break;
        }
        case 'pattern':
          issue = { path: at, message: `must match the pattern ${String(params.pattern)}` };
          break;
        default:
          issue = { path: at, message: error.message ?? `fails "${error.keyword}"` };
      }
    const key = `${issue.path}\u0000${issue.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      issues.push(issue);
    }
  }
  return issues;
}
