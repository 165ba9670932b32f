import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  ElicitRequestSchema,
  GetTaskResultSchema,
  LoggingMessageNotificationSchema,
  TaskStatusNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from '@modelcontextprotocol/client';
import { z } from 'zod';

/** A 2025 task's status as `notifications/tasks/status` tells it. */
export interface TaskStatus {
  readonly taskId: string;
  readonly status: string;
  readonly statusMessage?: string;
}

/**
 * One official SDK client (v1 `@modelcontextprotocol/sdk` or v2 `@modelcontextprotocol/client`,
 * both speaking 2025-11-25 here) on a 2025 Streamable HTTP session, as the resumption tests use
 * it: what it heard (logs, task statuses, elicitations it accepted) and the task requests it sends.
 */
export interface TaskClient {
  readonly logs: string[];
  readonly statuses: TaskStatus[];
  readonly asked: string[];
  setLevel(level: 'debug' | 'info' | 'warning' | 'error'): Promise<void>;
  /** `tools/call` as a task; the task id. */
  createTask(name: string, args: Record<string, unknown>): Promise<string>;
  taskStatus(taskId: string): Promise<string>;
  /** `tasks/result`: the text of the result's first content item. */
  taskResult(taskId: string): Promise<string>;
  close(): Promise<void>;
}

export type SdkName = 'sdk-v1' | 'sdk-v2';

const INFO = { name: 'resume-test', version: '1.0.0' };
const CAPABILITIES = { elicitation: { form: {} } };
const RECONNECT = { initialReconnectionDelay: 10, maxReconnectionDelay: 50, reconnectionDelayGrowFactor: 1, maxRetries: 100 };
const TASK_TTL = 600_000;
const TaskStatusParams = z.object({ taskId: z.string(), status: z.string(), statusMessage: z.string().optional() }).passthrough();

function textOf(result: { content?: { type: string; text?: string }[] }): string {
  return result.content?.[0]?.text ?? '';
}

/** Connects an SDK client of kind `sdk` to `url` through `fetch`, accepting every elicitation with `{ confirm: true }`. */
export async function connectTaskClient(sdk: SdkName, url: string, fetch: typeof globalThis.fetch): Promise<TaskClient> {
  const logs: string[] = [];
  const statuses: TaskStatus[] = [];
  const asked: string[] = [];
  if (sdk === 'sdk-v1') {
    const client = new ClientV1(INFO, { capabilities: CAPABILITIES });
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(String(n.params.data)));
    client.setNotificationHandler(TaskStatusNotificationSchema, (n) => void statuses.push(n.params));
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return { action: 'accept', content: { confirm: true } };
    });
    await client.connect(new HttpV1(new URL(url), { fetch, reconnectionOptions: RECONNECT }));
    return {
      logs,
      statuses,
      asked,
      setLevel: async (level) => void (await client.setLoggingLevel(level)),
      async createTask(name, args) {
        const created = await client.request(
          { method: 'tools/call', params: { name, arguments: args, task: { ttl: TASK_TTL } } },
          CreateTaskResultSchema,
        );
        return created.task.taskId;
      },
      taskStatus: async (taskId) => (await client.experimental.tasks.getTask(taskId)).status,
      taskResult: async (taskId) => textOf(await client.request({ method: 'tasks/result', params: { taskId } }, CallToolResultSchema)),
      close: () => client.close(),
    };
  }
  const client = new ClientV2(INFO, { capabilities: CAPABILITIES });
  client.setNotificationHandler('notifications/message', (n) => void logs.push(String(n.params.data)));
  // v2 has no task runtime of its own; the 2025 task wire vocabulary goes through its generic surface.
  client.setNotificationHandler('notifications/tasks/status', { params: TaskStatusParams }, (params) => void statuses.push(params));
  client.setRequestHandler('elicitation/create', (request) => {
    asked.push(request.params.message);
    return { action: 'accept', content: { confirm: true } };
  });
  await client.connect(new HttpV2(new URL(url), { fetch, reconnectionOptions: RECONNECT }));
  return {
    logs,
    statuses,
    asked,
    setLevel: async (level) => void (await client.setLoggingLevel(level)),
    async createTask(name, args) {
      const created = await client.request(
        { method: 'tools/call', params: { name, arguments: args, task: { ttl: TASK_TTL } } },
        CreateTaskResultSchema,
      );
      return created.task.taskId;
    },
    taskStatus: async (taskId) => (await client.request({ method: 'tasks/get', params: { taskId } }, GetTaskResultSchema)).status,
    taskResult: async (taskId) => textOf(await client.request({ method: 'tasks/result', params: { taskId } }, CallToolResultSchema)),
    close: () => client.close(),
  };
}
