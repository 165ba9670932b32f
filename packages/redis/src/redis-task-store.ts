import { McpWireError, TaskCapacityError } from '@armature/core';
import { storedTaskRecord, type TaskLimits, type TaskPage, type TaskPatch, type TaskRecord, type TaskStore } from '@armature/core/tasks';
import { RedisConnection, type RedisConnectionOptions } from './redis-connection';
import { CREATE, FAIL_LAPSED, RENEW, SWEEP, UPDATE } from './task-scripts';

/** Lapsed leases one check looks at (the rest wait for the next check). */
const LAPSED_PER_CHECK = 1_000;

/** Members of a record, in the order a hash is written (every value is JSON text). */
const FIELDS = [
  'taskId',
  'owner',
  'sessionId',
  'revision',
  'toolName',
  'status',
  'statusMessage',
  'createdAt',
  'lastUpdatedAt',
  'ttlMs',
  'pollIntervalMs',
  'result',
  'error',
  'inputRequests',
  'runner',
  'leaseExpiresAt',
] as const;

function fieldsOf(record: Partial<TaskRecord>): string[] {
  const out: string[] = [];
  for (const name of FIELDS) {
    const value = record[name];
    if (value !== undefined) out.push(name, JSON.stringify(value));
  }
  return out;
}

/** A patch as field/value pairs: '' deletes a member the patch sets to undefined. */
function patchFields(patch: TaskPatch): string[] {
  const out: string[] = [];
  for (const name of Object.keys(patch) as (keyof TaskPatch)[]) {
    const value = patch[name];
    out.push(name, value === undefined ? '' : JSON.stringify(value));
  }
  return out;
}

/**
 * A record from HGETALL (a flat list in RESP2, a map in RESP3); undefined when empty. A record
 * an older Armature wrote (an `era` member instead of `revision`) loads as its revision.
 */
function recordOf(reply: unknown): TaskRecord | undefined {
  const entries: [string, string][] = [];
  if (Array.isArray(reply)) {
    for (let i = 0; i + 1 < reply.length; i += 2) entries.push([String(reply[i]), String(reply[i + 1])]);
  } else if (reply !== null && typeof reply === 'object') {
    for (const [key, value] of Object.entries(reply as Record<string, unknown>)) entries.push([key, String(value)]);
  }
  if (entries.length === 0) return undefined;
  const record: Record<string, unknown> = {};
  for (const [key, value] of entries) record[key] = JSON.parse(value) as unknown;
  return storedTaskRecord(record);
}

function requestorOf(owner: string, sessionId: string | undefined): string {
  const ownerJson = JSON.stringify(owner);
  return owner === '' ? `${ownerJson}\u0000${sessionId === undefined ? '' : JSON.stringify(sessionId)}` : ownerJson;
}

/**
 * `TaskStore` on Redis: a hash per record with the record's retention as its TTL, and sorted-set
 * indexes for the caps, eviction, sweeping and `tasks/list`. Creation (with both limits) and
 * each change are single Lua scripts, so instances sharing the store never race past a limit
 * or change a finished task. See the package README for the key layout.
 */
export class RedisTaskStore implements TaskStore {
  private readonly redis: RedisConnection;

  constructor(options: RedisConnectionOptions | RedisConnection) {
    this.redis = options instanceof RedisConnection ? options : new RedisConnection(options);
  }

  async create(record: TaskRecord, limits: TaskLimits): Promise<void> {
    const p = this.redis.prefix;
    const args = [
      p,
      record.taskId,
      String(Date.now()),
      String(record.ttlMs),
      String(record.createdAt + record.ttlMs),
      String(record.createdAt),
      String(limits.maxTasks),
      String(limits.maxActivePerOwner),
      JSON.stringify(record.owner),
      record.sessionId === undefined ? '' : JSON.stringify(record.sessionId),
      ...fieldsOf(record),
    ];
    const outcome = await this.redis.run('The task store', (client) => client.eval(CREATE, { arguments: args }));
    if (outcome === 'owner')
      throw new TaskCapacityError(
        `Too many tasks in progress for this client (${limits.maxActivePerOwner}); wait for one to finish or cancel one, then try again.`,
      );
    if (outcome === 'full')
      throw new TaskCapacityError(`The server holds its maximum of ${limits.maxTasks} tasks; try again when some have finished.`);
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    const reply = await this.redis.run('The task store', (client) => client.hGetAll(`${this.redis.prefix}task:${taskId}`));
    return recordOf(reply);
  }

  async update(taskId: string, patch: TaskPatch, now: number): Promise<TaskRecord | undefined> {
    const reply = await this.redis.run('The task store', (client) =>
      client.eval(UPDATE, { arguments: [this.redis.prefix, taskId, String(now), ...patchFields(patch)] }),
    );
    return recordOf(reply);
  }

  async list(owner: string, sessionId: string | undefined, cursor: string | undefined, limit: number): Promise<TaskPage> {
    const key = `${this.redis.prefix}tasks:list:${requestorOf(owner, sessionId)}`;
    return this.redis.run('The task store', async (client) => {
      let start = 0;
      if (cursor !== undefined) {
        const rank = await client.zRank(key, cursor);
        if (rank === null) throw McpWireError.invalidParams('Invalid params: unknown or expired cursor');
        start = rank + 1;
      }
      const tasks: TaskRecord[] = [];
      const gone: string[] = [];
      // Reads past gone records (expired or evicted); their index entries are dropped afterwards.
      while (tasks.length < limit) {
        const ids = await client.zRange(key, start, start + limit - tasks.length - 1);
        if (ids.length === 0) break;
        start += ids.length;
        const records = await Promise.all(ids.map((id) => client.hGetAll(`${this.redis.prefix}task:${id}`)));
        for (const [i, reply] of records.entries()) {
          const record = recordOf(reply);
          if (record === undefined) gone.push(ids[i]!);
          else tasks.push(record);
        }
      }
      const more = (await client.zCard(key)) > start;
      if (gone.length > 0) await client.zRem(key, gone);
      const last = tasks[tasks.length - 1];
      return more && last !== undefined ? { tasks, nextCursor: last.taskId } : { tasks };
    });
  }

  async renew(taskIds: readonly string[], runner: string, leaseExpiresAt: number): Promise<readonly string[]> {
    const args = [this.redis.prefix, JSON.stringify(runner), JSON.stringify(leaseExpiresAt), ...taskIds];
    const lost = await this.redis.run('The task store', (client) => client.eval(RENEW, { arguments: args }));
    return Array.isArray(lost) ? lost.map(String) : [];
  }

  async failLapsed(now: number, runner: string, patch: TaskPatch): Promise<readonly TaskRecord[]> {
    const args = [this.redis.prefix, String(now), JSON.stringify(runner), String(LAPSED_PER_CHECK), ...patchFields(patch)];
    const replies = await this.redis.run('The task store', (client) => client.eval(FAIL_LAPSED, { arguments: args }));
    if (!Array.isArray(replies)) return [];
    return replies.map(recordOf).filter((record): record is TaskRecord => record !== undefined);
  }

  async sweep(now: number): Promise<readonly string[]> {
    const ids = await this.redis.run('The task store', (client) => client.eval(SWEEP, { arguments: [this.redis.prefix, String(now)] }));
    return Array.isArray(ids) ? ids.map(String) : [];
  }
}
