import { expect } from 'chai';
import { connectScenarioClient, openSession2025, request2025, type ScenarioClient, sessionHeaders } from '@armature/transport-fixtures';
import { type Cluster, startCluster } from '../src/cluster';
import { redisServerBinary } from '@armature/transport-fixtures/redis-server';
import { post2026 } from './support/mcp-2026';
import { RouteLog } from './support/routes';
import { SseStream } from './support/sse';

const INDEX = 'notes://index';

function text(result: { content: readonly unknown[] }): string {
  return (result.content[0] as { text: string }).text;
}

/** `create` through the balancer as a 2026 request: raises resources/updated for notes://index on whichever instance serves it. */
async function createNote(cluster: Cluster, title: string): Promise<void> {
  const answer = await post2026(cluster.url, 'tools/call', { name: 'create', arguments: { title, body: 'from the test' } }, 'create', {});
  expect(answer.result?.isError, JSON.stringify(answer)).to.not.equal(true);
}

/** Waits (bounded) until `check` holds. */
async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() >= deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * MCP 2025-11-25 sessions and notifications across the cluster: three instance child processes
 * on a real redis-server behind the round-robin balancer, driven by the official SDK clients
 * (and raw HTTP where a test must choose the Last-Event-ID). No request is pinned to an instance.
 */
describe('examples/cluster: sessions, elicitation and notifications across instances, through the balancer', function () {
  this.timeout(60_000);
  const routes = new RouteLog();
  const clients: ScenarioClient[] = [];
  let cluster: Cluster;

  before(async () => {
    redisServerBinary();
    cluster = await startCluster({ onForward: routes.record });
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
  });
  after(async () => {
    await cluster?.stop();
  });

  const connect = async (kind: 'sdk-v1' | 'sdk-v2-pinned'): Promise<ScenarioClient> => {
    const client = await connectScenarioClient(kind, { kind: 'http', url: cluster.url });
    clients.push(client);
    return client;
  };

  it('2025 (SDK v1): a session initialized on one instance has its calls served by the other two', async () => {
    const mark = routes.entries.length;
    const client = await connect('sdk-v1');
    const initializedOn = routes.since(mark).find((route) => route.rpc === 'initialize')!.backend;
    const servedBy = new Set<string>();
    for (let i = 0; i < 6; i++) servedBy.add(text(await client.callTool('served_by', {})));
    expect([...servedBy].sort()).to.deep.equal(['instance-a', 'instance-b', 'instance-c']);
    const callsElsewhere = routes.since(mark).filter((route) => route.rpc === 'tools/call' && route.backend !== initializedOn);
    expect(callsElsewhere.length).to.be.at.least(4);
    expect(client.wire.violations).to.deep.equal([]);
  });

  it('2025 (SDK v1): a per-session rate limit holds across the instances serving the session (budget on Redis, keyed by the session id)', async () => {
    const client = await connect('sdk-v1');
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await client.callTool('greet', { name: `n${i}` }));
    const greeted = results.filter((result) => result.isError !== true).map(text);
    expect(greeted).to.have.length(3);
    expect(new Set(greeted.map((line) => line.split(' from ')[1])).size, 'served by several instances').to.be.greaterThan(1);
    for (const refused of results.filter((result) => result.isError === true))
      expect(text(refused)).to.match(/^Rate limit reached for tool "greet": too many calls\. Try again in/);
    // Another session has its own budget.
    const other = await connect('sdk-v1');
    expect((await other.callTool('greet', { name: 'other' })).isError).to.not.equal(true);
  });

  it('2025 (SDK v1): an elicitation asked by the instance running delete is answered through another instance', async () => {
    const client = await connect('sdk-v1');
    client.answerElicitations(() => ({ action: 'accept', content: { confirm: true } }));
    const mark = routes.entries.length;
    const result = await client.callTool('delete', { id: 'n1' });
    expect(result.structuredContent).to.deep.equal({ id: 'n1', deleted: true });
    const asked = routes.since(mark).find((route) => route.rpc === 'tools/call')!.backend;
    const answered = routes.since(mark).find((route) => route.rpc === 'response')!.backend;
    expect(answered, 'the answer went to another instance').to.not.equal(asked);
    expect(client.wire.violations).to.deep.equal([]);
  });

  it('2026 (SDK v2): an input-required round trip asked by one instance is retried on another, which opens its requestState (one shared key)', async () => {
    const client = await connect('sdk-v2-pinned');
    client.answerElicitations(() => ({ action: 'accept', content: { confirm: true } }));
    const mark = routes.entries.length;
    const result = await client.callTool('delete', { id: 'n2' });
    expect(result.structuredContent).to.deep.equal({ id: 'n2', deleted: true });
    const attempts = routes
      .since(mark)
      .filter((route) => route.rpc === 'tools/call')
      .map((route) => route.backend);
    expect(attempts).to.have.length(2);
    expect(attempts[1], 'the retry went to another instance').to.not.equal(attempts[0]);
    expect(client.wire.violations).to.deep.equal([]);
  });

  it('2025 (SDK v1): resources/updated raised on other instances reaches the subscriber on the instance streaming its GET stream', async () => {
    const mark = routes.entries.length;
    const client = await connect('sdk-v1');
    const watch = await client.watch(INDEX);
    await until(() => routes.since(mark).some((route) => route.httpMethod === 'GET'), 'the SDK client to open its GET stream');
    const streamingFrom = routes.since(mark).find((route) => route.httpMethod === 'GET')!.backend;
    const before = routes.entries.length;
    for (let i = 0; i < 3; i++) await createNote(cluster, `raised-${i}`);
    await until(() => watch.updates.length >= 3, 'three resources/updated');
    const raisedOn = routes
      .since(before)
      .filter((route) => route.rpc === 'tools/call')
      .map((route) => route.backend);
    expect(raisedOn.filter((backend) => backend !== streamingFrom)).to.not.be.empty;
    // A round trip later, still three: none arrived twice.
    await client.callTool('served_by', {});
    expect(watch.updates.map((update) => update.uri)).to.deep.equal([INDEX, INDEX, INDEX]);
    expect(client.wire.violations).to.deep.equal([]);
  });

  it('2026 (SDK v2): resources/updated raised on other instances reaches a subscriptions/listen stream', async () => {
    const mark = routes.entries.length;
    const client = await connect('sdk-v2-pinned');
    const watch = await client.watch(INDEX);
    expect(watch.honoured).to.deep.equal([INDEX]);
    const listeningOn = routes.since(mark).find((route) => route.rpc === 'subscriptions/listen')!.backend;
    const before = routes.entries.length;
    for (let i = 0; i < 3; i++) await createNote(cluster, `listened-${i}`);
    await until(() => watch.updates.length >= 3, 'three resources/updated on the listen stream');
    const raisedOn = routes
      .since(before)
      .filter((route) => route.rpc === 'tools/call')
      .map((route) => route.backend);
    expect(raisedOn.filter((backend) => backend !== listeningOn)).to.not.be.empty;
    await client.callTool('served_by', {});
    expect(watch.updates).to.have.length(3);
    await watch.close();
    expect(client.wire.violations).to.deep.equal([]);
  });

  it("kill -9 of the instance holding the SDK v1 client's GET stream: the SDK reconnects through the balancer with Last-Event-ID and hears what is raised next, once", async () => {
    const mark = routes.entries.length;
    const client = await connect('sdk-v1');
    const watch = await client.watch(INDEX);
    await until(() => routes.since(mark).some((route) => route.httpMethod === 'GET'), 'the SDK client to open its GET stream');
    await createNote(cluster, 'before-sdk-kill');
    await until(() => watch.updates.length >= 1, 'the first resources/updated');
    const holderOrigin = routes.since(mark).find((route) => route.httpMethod === 'GET')!.backend;
    const holder = cluster.instances.find((instance) => new URL(instance.url).origin === holderOrigin)!;
    holder.kill('SIGKILL');
    await holder.exited;
    // The SDK notices the broken stream and reconnects (after its back-off) with the last id it saw.
    const afterKill = routes.entries.length;
    await until(
      () => routes.since(afterKill).some((route) => route.httpMethod === 'GET' && route.lastEventId !== undefined),
      'the SDK to resume its GET stream',
      15_000,
    );
    // The balancer may first try the dead instance (refused) and then the next: the last attempt is the one served.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const resumedOn = routes
      .since(afterKill)
      .filter((route) => route.httpMethod === 'GET' && route.lastEventId !== undefined)
      .pop()!.backend;
    expect(resumedOn).to.not.equal(holderOrigin);
    // Until the resumed stream is live on its instance, what is raised is not retained (docs/deploying.md):
    // raise one at a time until one arrives (bounded), then two more, which must arrive exactly once each.
    let live = false;
    for (let i = 0; i < 20 && !live; i++) {
      const before = watch.updates.length;
      await createNote(cluster, `probe-${i}`);
      live = await until(() => watch.updates.length > before, 'a probe', 500).then(
        () => true,
        () => false,
      );
    }
    expect(live, 'the resumed stream carries notifications').to.equal(true);
    const settled = watch.updates.length;
    for (let i = 0; i < 2; i++) await createNote(cluster, `after-sdk-kill-${i}`);
    await until(() => watch.updates.length >= settled + 2, 'two more resources/updated after the resume');
    await client.callTool('served_by', {});
    expect(watch.updates).to.have.length(settled + 2);
    expect(client.wire.violations).to.deep.equal([]);
  });

  it('kill -9 of the instance holding a GET stream mid-stream: the client resumes through the balancer with Last-Event-ID on another instance, every event after that id once', async () => {
    const sessionId = await openSession2025(cluster.url);
    expect((await request2025(cluster.url, sessionId, 'resources/subscribe', { uri: INDEX })).result).to.deep.equal({});
    const mark = routes.entries.length;
    const get = new SseStream(await fetch(cluster.url, { headers: sessionHeaders(sessionId, { accept: 'text/event-stream' }) }), {});
    expect(get.response.status).to.equal(200);
    const holder = cluster.instances.find(
      (instance) => new URL(instance.url).origin === routes.since(mark).find((route) => route.httpMethod === 'GET')!.backend,
    )!;
    await get.untilCount((event) => event.id !== undefined && event.data === '', 1); // the priming event
    for (let i = 0; i < 3; i++) await createNote(cluster, `before-kill-${i}`);
    const seen = await get.untilCount((event) => event.data !== '', 3);

    holder.kill('SIGKILL');
    await holder.exited;
    await until(() => get.ended, "the dead instance's stream to break");

    // The client had read only the first event; it resumes after it.
    const resumeMark = routes.entries.length;
    const resumed = new SseStream(
      await fetch(cluster.url, { headers: sessionHeaders(sessionId, { accept: 'text/event-stream', 'last-event-id': seen[0]!.id! }) }),
      {},
    );
    expect(resumed.response.status).to.equal(200);
    // The balancer may first try a dead instance (refused) and then the next: the last attempt is the one served.
    const resumedOn = routes
      .since(resumeMark)
      .filter((route) => route.httpMethod === 'GET' && route.lastEventId === seen[0]!.id)
      .pop()!;
    expect(resumedOn.backend).to.not.equal(new URL(holder.url).origin);
    const replayed = await resumed.untilCount((event) => event.data !== '', 2);
    expect(replayed.map((event) => event.id)).to.deep.equal(seen.slice(1).map((event) => event.id));
    // The new holder writes what happens next, once.
    await createNote(cluster, 'after-kill');
    const all = await resumed.untilCount((event) => event.data !== '', 3);
    expect(new Set(all.map((event) => event.id)).size).to.equal(3);
    expect(all.map((event) => (JSON.parse(event.data) as { params: { uri: string } }).params.uri)).to.deep.equal([INDEX, INDEX, INDEX]);
    expect([...get.violations, ...resumed.violations]).to.deep.equal([]);
    // The session outlived its instance.
    expect((await request2025(cluster.url, sessionId, 'ping')).result).to.deep.equal({});
    await resumed.cancel();
  });
});
