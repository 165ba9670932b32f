import { deref, isObject, OpenApiError, type OpenApiDocument } from './openapi-document';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** One parameter of an operation (path, query or header; cookies are not sent by the client). */
export interface OperationParameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly required: boolean;
  readonly description: string | undefined;
  readonly schema: unknown;
}

/** One operation, read from the document with its references followed. */
export interface Operation {
  readonly method: (typeof METHODS)[number];
  readonly path: string;
  readonly operationId: string | undefined;
  readonly tag: string | undefined;
  readonly summary: string | undefined;
  readonly description: string | undefined;
  readonly deprecated: boolean;
  readonly parameters: readonly OperationParameter[];
  readonly body:
    | {
        readonly schema: unknown;
        readonly type: 'json' | 'form' | 'text';
        readonly required: boolean;
        readonly description: string | undefined;
      }
    | undefined;
  /** The schema of the first 2xx JSON response; undefined when it has none (text or no body). */
  readonly result: { readonly schema: unknown; readonly json: boolean } | undefined;
}

/** Which operations to generate: by tag, by operationId (either list empty means all). */
export interface OperationFilter {
  readonly tags: readonly string[];
  readonly operationIds: readonly string[];
}

/** The document's operations in path order, then method order, filtered. */
export function readOperations(document: OpenApiDocument, filter: OperationFilter): Operation[] {
  const operations: Operation[] = [];
  for (const path of Object.keys(document.paths ?? {}).sort()) {
    const item = deref(document, document.paths?.[path]);
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      const raw = item[method];
      if (!isObject(raw)) continue;
      const where = `${method.toUpperCase()} ${path}`;
      try {
        const operation = readOperation(document, method, path, raw, shared);
        const tags = Array.isArray(raw.tags) ? raw.tags.filter((t): t is string => typeof t === 'string') : [];
        if (filter.tags.length > 0 && !tags.some((t) => filter.tags.includes(t))) continue;
        if (filter.operationIds.length > 0 && !filter.operationIds.includes(operation.operationId ?? '')) continue;
        operations.push(operation);
      } catch (error) {
        if (error instanceof OpenApiError) throw new OpenApiError(`${where}: ${error.message}`);
        throw error;
      }
    }
  }
  return operations;
}

function readOperation(
  document: OpenApiDocument,
  method: Operation['method'],
  path: string,
  raw: Record<string, unknown>,
  shared: readonly unknown[],
): Operation {
  const parameters = new Map<string, OperationParameter>();
  // Operation-level parameters override path-level ones of the same name and location.
  for (const entry of [...shared, ...(Array.isArray(raw.parameters) ? raw.parameters : [])]) {
    const parameter = deref(document, entry);
    const location = parameter.in;
    if (location === 'cookie') continue;
    if (location !== 'path' && location !== 'query' && location !== 'header') throw new OpenApiError(`a parameter has no valid "in".`);
    if (typeof parameter.name !== 'string') throw new OpenApiError('a parameter has no name.');
    if (location === 'header' && /^(accept|content-type|authorization)$/i.test(parameter.name)) continue;
    parameters.set(`${location}:${parameter.name}`, {
      name: parameter.name,
      in: location,
      required: location === 'path' || parameter.required === true,
      description: typeof parameter.description === 'string' ? parameter.description : undefined,
      schema: parameter.schema ?? jsonContentSchema(document, parameter.content),
    });
  }
  const tags = Array.isArray(raw.tags) ? raw.tags.filter((t): t is string => typeof t === 'string') : [];
  return {
    method,
    path,
    operationId: typeof raw.operationId === 'string' && raw.operationId !== '' ? raw.operationId : undefined,
    tag: tags[0],
    summary: typeof raw.summary === 'string' ? raw.summary : undefined,
    description: typeof raw.description === 'string' ? raw.description : undefined,
    deprecated: raw.deprecated === true,
    parameters: [...parameters.values()],
    body: raw.requestBody === undefined ? undefined : readBody(document, raw.requestBody),
    result: readResult(document, raw.responses),
  };
}

function readBody(document: OpenApiDocument, value: unknown): Operation['body'] {
  const body = deref(document, value);
  const content = isObject(body.content) ? body.content : {};
  const description = typeof body.description === 'string' ? body.description : undefined;
  const required = body.required === true;
  for (const [test, type] of [
    [isJson, 'json'],
    [(m: string) => m === 'application/x-www-form-urlencoded', 'form'],
    [(m: string) => m.startsWith('text/'), 'text'],
  ] as const) {
    const media = Object.keys(content).find((m) => test(m.toLowerCase()));
    if (media !== undefined) {
      const entry = content[media];
      return { schema: isObject(entry) ? entry.schema : undefined, type, required, description };
    }
  }
  // Binary uploads (octet-stream, multipart) have no JSON form a model could send.
  return undefined;
}

function readResult(document: OpenApiDocument, value: unknown): Operation['result'] {
  if (!isObject(value)) return undefined;
  const status = Object.keys(value)
    .filter((code) => /^2(\d\d|XX)$/i.test(code))
    .sort()[0];
  if (status === undefined) return undefined;
  const response = deref(document, value[status]);
  const content = isObject(response.content) ? response.content : {};
  const media = Object.keys(content).find((m) => isJson(m.toLowerCase()));
  if (media === undefined) return Object.keys(content).length > 0 ? { schema: { type: 'string' }, json: false } : undefined;
  const entry = content[media];
  return { schema: isObject(entry) ? entry.schema : undefined, json: true };
}

function jsonContentSchema(document: OpenApiDocument, content: unknown): unknown {
  if (!isObject(content)) return undefined;
  const media = Object.keys(content).find((m) => isJson(m.toLowerCase()));
  const entry = media === undefined ? undefined : content[media];
  return isObject(entry) ? entry.schema : undefined;
}

function isJson(media: string): boolean {
  return media === 'application/json' || /^application\/[^;]*\+json/.test(media) || media.startsWith('application/json;');
}
