import { WireErrorCode } from '@armature/core';
import type { McpRevision } from './mcp-revision';

/** Which schema definition each kind of server message is checked against, in one revision. */
export interface WireTables {
  /** Result type of each client→server request method. */
  readonly results: Readonly<Record<string, string>>;
  /** Client methods that do not exist in the revision: a result for one is a violation. */
  readonly removedMethods: readonly string[];
  /** Methods whose result may be `resultType: 'input_required'` (an `InputRequiredResult`). */
  readonly inputRequiredMethods: readonly string[];
  /** Type of each notification a server may send. */
  readonly notifications: Readonly<Record<string, string>>;
  /** Type of each request a server may send; `undefined` when servers send no requests at all. */
  readonly requests: Readonly<Record<string, string>> | undefined;
  /** Error response type of each error code the revision defines more closely than `JSONRPCErrorResponse`. */
  readonly errorsByCode: Readonly<Record<number, string>>;
}

const TABLES_2025: WireTables = {
  results: {
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
    // Experimental tasks (tasks/result answers the underlying request's result: checked as Result).
    'tasks/get': 'GetTaskResult',
    'tasks/list': 'ListTasksResult',
    'tasks/cancel': 'CancelTaskResult',
  },
  removedMethods: [],
  inputRequiredMethods: [],
  notifications: {
    'notifications/progress': 'ProgressNotification',
    'notifications/message': 'LoggingMessageNotification',
    'notifications/cancelled': 'CancelledNotification',
    'notifications/tools/list_changed': 'ToolListChangedNotification',
    'notifications/resources/list_changed': 'ResourceListChangedNotification',
    'notifications/resources/updated': 'ResourceUpdatedNotification',
    'notifications/prompts/list_changed': 'PromptListChangedNotification',
    'notifications/elicitation/complete': 'ElicitationCompleteNotification',
    'notifications/tasks/status': 'TaskStatusNotification',
  },
  requests: {
    ping: 'PingRequest',
    'elicitation/create': 'ElicitRequest',
    'sampling/createMessage': 'CreateMessageRequest',
    'roots/list': 'ListRootsRequest',
  },
  errorsByCode: {},
};

const TABLES_2026: WireTables = {
  results: {
    'server/discover': 'DiscoverResult',
    'tools/list': 'ListToolsResult',
    'tools/call': 'CallToolResult',
    'resources/list': 'ListResourcesResult',
    'resources/templates/list': 'ListResourceTemplatesResult',
    'resources/read': 'ReadResourceResult',
    'prompts/list': 'ListPromptsResult',
    'prompts/get': 'GetPromptResult',
    'completion/complete': 'CompleteResult',
    'subscriptions/listen': 'SubscriptionsListenResult',
  },
  removedMethods: ['initialize', 'ping', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe'],
  inputRequiredMethods: ['tools/call', 'prompts/get', 'resources/read'],
  notifications: {
    'notifications/progress': 'ProgressNotification',
    'notifications/message': 'LoggingMessageNotification',
    // The schema's ServerNotification keeps it: on stdio a server ends a subscriptions/listen stream with it.
    'notifications/cancelled': 'CancelledNotification',
    'notifications/tools/list_changed': 'ToolListChangedNotification',
    'notifications/resources/list_changed': 'ResourceListChangedNotification',
    'notifications/resources/updated': 'ResourceUpdatedNotification',
    'notifications/prompts/list_changed': 'PromptListChangedNotification',
    'notifications/subscriptions/acknowledged': 'SubscriptionsAcknowledgedNotification',
  },
  requests: undefined,
  errorsByCode: {
    [WireErrorCode.HeaderMismatch]: 'HeaderMismatchError',
    [WireErrorCode.MissingRequiredClientCapability]: 'MissingRequiredClientCapabilityError',
    [WireErrorCode.UnsupportedProtocolVersion]: 'UnsupportedProtocolVersionError',
  },
};

/** The check tables of each revision. */
export const WIRE_TABLES: Readonly<Record<McpRevision, WireTables>> = {
  '2025-11-25': TABLES_2025,
  '2026-07-28': TABLES_2026,
};
