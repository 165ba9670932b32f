import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import type { JSONRPCMessage, Transport, TransportSendOptions } from '@armature/core';

const RESULT_TYPES: Readonly<Record<string, string>> = {
  initialize: 'InitializeResult',
  'tools/list': 'ListToolsResult',
  'tools/call': 'CallToolResult',
  'resources/list': 'ListResourcesResult',
  'resources/templates/list': 'ListResourceTemplatesResult',
  'resources/read': 'ReadResourceResult',
  'prompts/list': 'ListPromptsResult',
  'prompts/get': 'GetPromptResult',
  'completion/complete': 'CompleteResult',
};

const NOTIFICATION_TYPES: Readonly<Record<string, string>> = {
  'notifications/progress': 'ProgressNotification',
  'notifications/message': 'LoggingMessageNotification',
  'notifications/resources/updated': 'ResourceUpdatedNotification',
  'notifications/tools/list_changed': 'ToolListChangedNotification',
  'notifications/resources/list_changed': 'ResourceListChangedNotification',
  'notifications/prompts/list_changed': 'PromptListChangedNotification',
};

let ajv: Ajv2020 | undefined;
function validator(definition: string): ValidateFunction {
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    ajv.addSchema(require(join(__dirname, '../../../../../spec/mcp-schema/2025-11-25.json')) as object, 'mcp');
  }
  const validate = ajv.getSchema(`mcp#/$defs/${definition}`);
  if (!validate) throw new Error(`no ${definition} in the MCP schema`);
  return validate;
}

/**
 * Wraps the client end of a transport: records every server message and checks it against
 * the MCP 2025-11-25 schema (the envelope, plus the result or notification type).
 */
export class WireCheck implements Transport {
  onmessage: Transport['onmessage'] = undefined;
  onclose: Transport['onclose'] = undefined;
  onerror: Transport['onerror'] = undefined;
  readonly received: JSONRPCMessage[] = [];
  readonly violations: string[] = [];
  private readonly methods = new Map<unknown, string>();

  constructor(private readonly inner: Transport) {
    inner.onmessage = (message, extra) => {
      this.check(message);
      this.onmessage?.(message, extra);
    };
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const m = message as { id?: unknown; method?: string };
    if (m.id !== undefined && m.method !== undefined) this.methods.set(m.id, m.method);
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** Server messages with this method, in order. */
  withMethod(method: string): JSONRPCMessage[] {
    return this.received.filter((m) => (m as { method?: string }).method === method);
  }

  /** Throws when any server message violated the schema. */
  assertClean(): void {
    if (this.violations.length > 0) throw new Error(`invalid server messages:\n${this.violations.join('\n')}`);
  }

  private check(message: JSONRPCMessage): void {
    this.received.push(message);
    const record = message as { id?: unknown; method?: string; result?: unknown };
    const checks: [string, unknown][] = [['JSONRPCMessage', message]];
    if (record.method !== undefined && record.id === undefined) checks.push([NOTIFICATION_TYPES[record.method] ?? 'Notification', message]);
    if (record.result !== undefined) checks.push([RESULT_TYPES[this.methods.get(record.id) ?? ''] ?? 'Result', record.result]);
    for (const [definition, value] of checks) {
      const validate = validator(definition);
      if (!validate(value)) this.violations.push(`${definition}: ${JSON.stringify(validate.errors)} in ${JSON.stringify(message).slice(0, 300)}`);
    }
  }
}
