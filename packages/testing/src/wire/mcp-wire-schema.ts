import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';

/**
 * The official MCP 2025-11-25 JSON Schema, shipped with this package (`mcp-schema/`), compiled
 * once with ajv (draft 2020-12 plus formats).
 */
export const MCP_SCHEMA_FILE = join(__dirname, '../../../mcp-schema/2025-11-25.json');
const SCHEMA_ID = 'mcp-2025-11-25';

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

function compiler(): Ajv2020 {
  if (ajv === undefined) {
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(JSON.parse(readFileSync(MCP_SCHEMA_FILE, 'utf8')) as object, SCHEMA_ID);
  }
  return ajv;
}

function validatorFor(definition: string): ValidateFunction {
  let validate = validators.get(definition);
  if (validate === undefined) {
    validate = compiler().getSchema(`${SCHEMA_ID}#/$defs/${definition}`);
    if (validate === undefined) throw new Error(`no $defs/${definition} in the MCP schema`);
    validators.set(definition, validate);
  }
  return validate;
}

/** Problems of `value` against the schema's `$defs/<definition>` (e.g. `'CallToolResult'`); empty when valid. */
export function schemaErrors(definition: string, value: unknown): string[] {
  const validate = validatorFor(definition);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${definition}${e.instancePath} ${e.message ?? 'invalid'}`);
}

/** Result type of each client→server request method. */
const RESULT_TYPES: Readonly<Record<string, string>> = {
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
};

/** Type of each notification a server may send. */
const NOTIFICATION_TYPES: Readonly<Record<string, string>> = {
  'notifications/progress': 'ProgressNotification',
  'notifications/message': 'LoggingMessageNotification',
  'notifications/cancelled': 'CancelledNotification',
  'notifications/tools/list_changed': 'ToolListChangedNotification',
  'notifications/resources/list_changed': 'ResourceListChangedNotification',
  'notifications/resources/updated': 'ResourceUpdatedNotification',
  'notifications/prompts/list_changed': 'PromptListChangedNotification',
  'notifications/elicitation/complete': 'ElicitationCompleteNotification',
};

/** Type of each request a server may send. */
const REQUEST_TYPES: Readonly<Record<string, string>> = {
  ping: 'PingRequest',
  'elicitation/create': 'ElicitRequest',
  'sampling/createMessage': 'CreateMessageRequest',
  'roots/list': 'ListRootsRequest',
};

/**
 * Checks one message a server sent: the JSON-RPC envelope always, then the notification,
 * request, error or result type. `requestMethod` is the method of the client request a
 * response answers (unknown: results are only checked as `Result`). Empty when valid.
 */
export function serverMessageErrors(message: unknown, requestMethod: string | undefined): string[] {
  const errors = schemaErrors('JSONRPCMessage', message);
  if (errors.length > 0) return errors;
  const record = message as { method?: unknown; id?: unknown; result?: unknown; error?: unknown };
  if (typeof record.method === 'string') {
    const types = record.id === undefined ? NOTIFICATION_TYPES : REQUEST_TYPES;
    const type = types[record.method];
    const kind = record.id === undefined ? 'notification' : 'request';
    return type === undefined ? [`server sent an unknown ${kind} ${record.method}`] : schemaErrors(type, message);
  }
  if (record.error !== undefined) return schemaErrors('JSONRPCErrorResponse', message);
  const type = requestMethod === undefined ? 'Result' : (RESULT_TYPES[requestMethod] ?? 'Result');
  return schemaErrors('JSONRPCResultResponse', message).concat(schemaErrors(type, record.result));
}
