import * as path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';

/**
 * The official MCP 2025-11-25 JSON Schema, compiled once with ajv (2020-12 + formats), and
 * helpers that check every message a server sends: the JSON-RPC envelope always, plus the
 * specific result / notification / request type for the method involved.
 */
const SCHEMA_FILE = path.resolve(__dirname, '../../../../../spec/mcp-schema/2025-11-25.json');
const SCHEMA_ID = 'mcp-2025-11-25';

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

function compiler(): Ajv2020 {
  if (ajv === undefined) {
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    ajv.addSchema(require(SCHEMA_FILE) as object, SCHEMA_ID);
  }
  return ajv;
}

/** The validator for one `$defs` entry of the schema, e.g. `'ListToolsResult'`. */
export function validatorFor(definition: string): ValidateFunction {
  let validate = validators.get(definition);
  if (validate === undefined) {
    validate = compiler().getSchema(`${SCHEMA_ID}#/$defs/${definition}`);
    if (validate === undefined) throw new Error(`no $defs/${definition} in the MCP schema`);
    validators.set(definition, validate);
  }
  return validate;
}

/** Problems of `value` against `$defs/<definition>`; empty when valid. */
export function schemaErrors(definition: string, value: unknown): string[] {
  const validate = validatorFor(definition);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${definition}${e.instancePath} ${e.message ?? 'invalid'}`);
}

/** Throws when `value` does not validate against `$defs/<definition>`. */
export function assertSchema(definition: string, value: unknown): void {
  const errors = schemaErrors(definition, value);
  if (errors.length > 0) throw new Error(`${JSON.stringify(value).slice(0, 400)} violates ${errors.join('; ')}`);
}

/** Result type of each client→server request method. */
export const RESULT_TYPES: Readonly<Record<string, string>> = Object.freeze({
  initialize: 'InitializeResult',
  ping: 'EmptyResult',
  'tools/list': 'ListToolsResult',
  'tools/call': 'CallToolResult',
  'resources/list': 'ListResourcesResult',
  'resources/templates/list': 'ListResourceTemplatesResult',
  'resources/read': 'ReadResourceResult',
  'resources/subscribe': 'EmptyResult',
  'resources/unsubscribe': 'EmptyResult',
  'prompts/list': 'ListPromptsResult',
  'prompts/get': 'GetPromptResult',
  'completion/complete': 'CompleteResult',
  'logging/setLevel': 'EmptyResult',
});

/** Type of each notification a server may send. */
export const SERVER_NOTIFICATION_TYPES: Readonly<Record<string, string>> = Object.freeze({
  'notifications/progress': 'ProgressNotification',
  'notifications/message': 'LoggingMessageNotification',
  'notifications/cancelled': 'CancelledNotification',
  'notifications/tools/list_changed': 'ToolListChangedNotification',
  'notifications/resources/list_changed': 'ResourceListChangedNotification',
  'notifications/resources/updated': 'ResourceUpdatedNotification',
  'notifications/prompts/list_changed': 'PromptListChangedNotification',
  'notifications/elicitation/complete': 'ElicitationCompleteNotification',
});

/** Type of each request a server may send. */
export const SERVER_REQUEST_TYPES: Readonly<Record<string, string>> = Object.freeze({
  ping: 'PingRequest',
  'elicitation/create': 'ElicitRequest',
  'sampling/createMessage': 'CreateMessageRequest',
  'roots/list': 'ListRootsRequest',
});

/**
 * Checks one message sent by a server. `requestMethod` is the method of the client request a
 * response answers (unknown → only the envelope and, for results, `Result` are checked).
 * Returns the problems found; empty when the message is valid.
 */
export function serverMessageErrors(message: unknown, requestMethod: string | undefined): string[] {
  const errors = schemaErrors('JSONRPCMessage', message);
  if (errors.length > 0) return errors;
  const record = message as { method?: string; id?: unknown; result?: unknown; error?: unknown };
  if (typeof record.method === 'string') {
    if (record.id === undefined) {
      const type = SERVER_NOTIFICATION_TYPES[record.method];
      return type === undefined ? [`server sent an unknown notification ${record.method}`] : schemaErrors(type, message);
    }
    const type = SERVER_REQUEST_TYPES[record.method];
    return type === undefined ? [`server sent an unknown request ${record.method}`] : schemaErrors(type, message);
  }
  if (record.error !== undefined) return schemaErrors('JSONRPCErrorResponse', message);
  const type = requestMethod === undefined ? 'Result' : (RESULT_TYPES[requestMethod] ?? 'Result');
  return schemaErrors('JSONRPCResultResponse', message).concat(schemaErrors(type, record.result));
}

/** Throws unless `message` is a valid server message (see `serverMessageErrors`). */
export function assertServerMessage(message: unknown, requestMethod?: string): void {
  const errors = serverMessageErrors(message, requestMethod);
  if (errors.length > 0) throw new Error(`invalid server message ${JSON.stringify(message).slice(0, 400)}: ${errors.join('; ')}`);
}
