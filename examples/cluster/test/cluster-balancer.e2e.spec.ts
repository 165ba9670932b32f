import { expect } from 'chai';
import { connectScenarioClient } from '@armature/transport-fixtures';
import { type Cluster, startCluster } from '../src/cluster';
import { redisServerBinary } from '@armature/transport-fixtures/redis-server';
import { commandsBetween, redisCommandCounts } from '../src/redis-command-stats';
import { post2026, untilTaskStatus } from './support/mcp-2026';
import { RouteLog } from './support/routes';

/** Command counts once two readings 200 ms apart agree (bounded): nothing is running in the background. */
async function quietCommandCounts(redisUrl: string): Promise<Map<string, number>> {
  const deadline = Date.now() + 10_000;
  let last = await redisCommandCounts(redisUrl);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const next = await redisCommandCounts(redisUrl);
    if (commandsBetween(last, next).size === 0) return next;
    last = next;
  }
  throw new Error('Redis never went quiet');
}

function text(result: { content: readonly unknown[] }): string {
  return (result.content[0] as { text: string }).text;
}

/**
 * The cluster as it runs: a real redis-server, three instance child processes and the
 * round-robin balancer (http-proxy, no sticky sessions). Clients only know the balancer's URL.
 */
describe('examples/cluster: 3 instances on one Redis behind a round-robin balancer (child processes, real redis-server)', function () {
  this.timeout(60_000);
  const routes = new RouteLog();
  let cluster: Cluster;

  before(async () => {
    redisServerBinary();
    cluster = await startCluster({ onForward: routes.record });
  });
  after(async () => {
    await cluster?.stop();
  });

  it('2026 stateless tools/call makes no Redis round trip (INFO commandstats before and after 60 calls over every instance)', async () => {
    // First in this file: no task has run yet, so no task sweeper is ticking. The instances open
    // their subscriber connections in the background after boot: wait until Redis is quiet.
    const before = await quietCommandCounts(cluster.redisUrl);
    for (let i = 0; i < 60; i++) {
      const answer = await post2026(cluster.url, 'tools/call', { name: 'search', arguments: { query: 'milk' } }, 'search', {});
      expect(answer.result!.isError, JSON.stringify(answer)).to.not.equal(true);
    }
    const after = await redisCommandCounts(cluster.redisUrl);
    expect(Object.fromEntries(commandsBetween(before, after))).to.deep.equal({});
  });

  it('2026 (SDK v2 client pinned to 2026-07-28): stateless calls are spread over every instance', async () => {
    const client = await connectScenarioClient('sdk-v2-pinned', { kind: 'http', url: cluster.url });
    try {
      const servedBy = new Set<string>();
      for (let i = 0; i < 6; i++) servedBy.add(text(await client.callTool('served_by', {})));
      expect([...servedBy].sort()).to.deep.equal(['instance-a', 'instance-b', 'instance-c']);
      // The notes themselves answer on every instance.
      const found = await client.callTool('search', { query: 'welcome' });
      expect(found.isError).to.not.equal(true);
    } finally {
      await client.close();
    }
  });

  /** Starts `export_notes` as a task through the balancer: its id, and the backend that runs it. */
  async function startExport(steps: number, stepMs: number): Promise<{ taskId: string; runner: string }> {
    const created = await post2026(cluster.url, 'tools/call', { name: 'export_notes', arguments: { steps, stepMs } }, 'export_notes');
    const taskId = created.result?.taskId;
    expect(taskId, JSON.stringify(created)).to.be.a('string');
    return { taskId: taskId as string, runner: routes.lastFor('tools/call') };
  }

  it('a task started through the balancer runs on one instance, is polled on another and completes there', async () => {
    const { taskId, runner } = await startExport(3, 20);
    const done = await untilTaskStatus(cluster.url, taskId, 'completed');
    const result = done.result!.result as { content: { text: string }[] };
    const runnerName = cluster.instances.find((instance) => new URL(instance.url).origin === runner)!.name;
    expect(result.content[0]!.text).to.equal(`exported in 3 steps by ${runnerName}`);
    // The polls went round the balancer: instances other than the runner answered with the record from Redis.
    const pollers = new Set(routes.entries.filter((entry) => entry.rpc === 'tasks/get').map((entry) => entry.backend));
    expect([...pollers].filter((backend) => backend !== runner)).to.not.be.empty;
  });

  it('a task started through the balancer is cancelled through another instance, and its record says so everywhere', async () => {
    const { taskId, runner } = await startExport(500, 50);
    await untilTaskStatus(cluster.url, taskId, 'working');
    const cancelled = await post2026(cluster.url, 'tasks/cancel', { taskId }, taskId);
    expect(cancelled.error, JSON.stringify(cancelled)).to.equal(undefined);
    expect(routes.lastFor('tasks/cancel')).to.not.equal(runner);
    // Asked once on each instance: cancelled, and it stays so (the runner's handler stopped rather than completing it).
    for (let i = 0; i < 3; i++) expect((await post2026(cluster.url, 'tasks/get', { taskId }, taskId)).result!.status).to.equal('cancelled');
  });

  it('kill -9 of an instance: the balancer sends its share to the others and every call is answered', async () => {
    const victim = cluster.instances[1]!;
    victim.kill('SIGKILL');
    await victim.exited;
    const servedBy: string[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await post2026(cluster.url, 'tools/call', { name: 'served_by', arguments: {} }, 'served_by', {});
      expect(answer.status, JSON.stringify(answer)).to.equal(200);
      servedBy.push((answer.result!.content as { text: string }[])[0]!.text);
    }
    expect(servedBy).to.not.include(victim.name);
    expect(new Set(servedBy).size).to.equal(2);
  });
});
