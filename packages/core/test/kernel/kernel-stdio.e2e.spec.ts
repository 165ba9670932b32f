import * as path from 'node:path';
import { expect } from 'chai';
import { checkServerMessage } from '@armature/testing';
import { AppChild, type ChildMessage } from '../hostile/support/app-child';
import { META } from '../../src/kernel/revision-2026';
import { envelope, with2026 } from './support/peer-2026';

const FIXTURE = path.join(__dirname, 'support/kernel-app.fixture.js');
const ELICIT = { elicitation: { form: {} } };

/**
 * The 2026 app as a real stdio child, driven line by line. Every stdout line is checked with
 * `checkServerMessage` against the request it answers (or, for a notification, the request
 * it belongs to), so 2026 messages are held to the 2026 schema.
 */
describe('kernel: MCP 2026-07-28 over stdio (real child process)', function () {
  this.timeout(20_000);
  let child: AppChild;
  const sent = new Map<string | number, Record<string, unknown>>();

  async function request(method: string, params: Record<string, unknown>, id: string): Promise<ChildMessage> {
    const message = { jsonrpc: '2.0', id, method, params };
    sent.set(id, message);
    const from = child.messages.length;
    child.send(message);
    return child.next((m) => m.id === id && m.method === undefined, `response to ${method} #${id}`, from);
  }

  /** Checks every message so far; notifications against `owner` (the request they belong to). */
  function assertClean(owner: Record<string, unknown>): void {
    const violations = child.messages.flatMap((m) =>
      checkServerMessage(m, m.method === undefined && m.id !== undefined ? sent.get(m.id) : owner).map(
        (v) => `${v} in ${JSON.stringify(m).slice(0, 200)}`,
      ),
    );
    expect(violations).to.deep.equal([]);
  }

  before(async () => {
    child = AppChild.spawn(FIXTURE);
    await child.stderrContains('fixture: listening');
  });
  after(async () => {
    await child.stop();
  });

  it('answers server/discover and tools/call in their 2026 form', async () => {
    const discover = await request('server/discover', with2026(), 'd1');
    expect(discover.result?.supportedVersions).to.include('2026-07-28');
    expect(discover.result?.resultType).to.equal('complete');
    const call = await request('tools/call', with2026({ name: 'echo', arguments: { text: 'over stdio' } }), 'c1');
    expect(call.result).to.deep.equal({
      content: [{ type: 'text', text: 'over stdio' }],
      resultType: 'complete',
      _meta: { [META.serverInfo]: { name: 'kernel-2026', version: '1.2.3' } },
    });
    assertClean(sent.get('c1')!);
  });

  it('runs an input-required round trip', async () => {
    const first = await request('tools/call', with2026({ name: 'ask', arguments: {} }, { caps: ELICIT }), 'a1');
    expect(first.result?.resultType).to.equal('input_required');
    const retry = await request(
      'tools/call',
      with2026(
        {
          name: 'ask',
          arguments: {},
          inputResponses: { 'elicit-1': { action: 'accept', content: { name: 'Ada' } } },
          requestState: first.result?.requestState,
        },
        { caps: ELICIT },
      ),
      'a2',
    );
    expect(retry.result?.content?.[0]?.text).to.equal('answer: {"action":"accept","content":{"name":"Ada"}}');
    assertClean(sent.get('a2')!);
  });

  it('refuses removed methods (-32601) and unknown versions (-32022)', async () => {
    expect((await request('ping', with2026(), 'p1')).error?.code).to.equal(-32601);
    const version = await request('tools/list', { _meta: { ...envelope(), [META.protocolVersion]: '1999-01-01' } }, 'v1');
    expect(version.error?.code).to.equal(-32022);
    expect(version.error?.data).to.deep.include({ requested: '1999-01-01' });
    assertClean(sent.get('v1')!);
  });

  it('sends logs at the envelope level and progress before the response', async () => {
    const from = child.messages.length;
    await request('tools/call', with2026({ name: 'logs', arguments: {} }, { logLevel: 'error' }), 'l1');
    expect(
      child.messages
        .slice(from)
        .filter((m) => m.method === 'notifications/message')
        .map((m) => m.params?.level),
    ).to.deep.equal(['error']);
    assertClean(sent.get('l1')!);
    const at = child.messages.length;
    await request('tools/call', with2026({ name: 'progress', arguments: {} }, { meta: { progressToken: 9 } }), 'g1');
    // Three values reported at once, paced at 20 per second: the first goes out, the third (the latest) just before the answer.
    const progress = child.messages.slice(at).filter((m) => m.method === 'notifications/progress');
    expect(progress.map((m) => (m.params as { progress?: number } | undefined)?.progress)).to.have.length(2);
    assertClean(sent.get('g1')!);
  });

  it('notifications/cancelled stops a running request without a response; the server keeps serving', async () => {
    const message = { jsonrpc: '2.0', id: 'w1', method: 'tools/call', params: with2026({ name: 'wait', arguments: { tag: 'stdio' } }) };
    sent.set('w1', message);
    child.send(message);
    // The handler is running once a later echo is answered (requests run concurrently).
    await request('tools/call', with2026({ name: 'echo', arguments: { text: 'in between' } }), 'e1');
    child.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'w1', reason: 'enough' } });
    const after = await request('tools/call', with2026({ name: 'echo', arguments: { text: 'after' } }), 'e2');
    expect(after.result?.content?.[0]?.text).to.equal('after');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(child.responsesTo('w1')).to.deep.equal([]);
  });

  it('acknowledges subscriptions/listen first, and a cancel ends it silently', async () => {
    const message = {
      jsonrpc: '2.0',
      id: 's1',
      method: 'subscriptions/listen',
      params: with2026({ notifications: { toolsListChanged: true } }),
    };
    sent.set('s1', message);
    const from = child.messages.length;
    child.send(message);
    const ack = await child.next((m) => m.method === 'notifications/subscriptions/acknowledged', 'the acknowledgement', from);
    expect(ack.params).to.deep.equal({ notifications: { toolsListChanged: true }, _meta: { [META.subscriptionId]: 's1' } });
    child.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 's1' } });
    await request('server/discover', with2026(), 'd2');
    expect(child.responsesTo('s1')).to.deep.equal([]);
    assertClean(message);
  });

  it('exits 0 when stdin ends', async () => {
    const exit = await child.stop();
    expect(exit.code).to.equal(0);
    expect(child.stderr).to.not.match(/fixture failed/);
  });
});
