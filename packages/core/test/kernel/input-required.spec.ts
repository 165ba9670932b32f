import { expect } from 'chai';
import type { Armature } from '../../src/app/armature.app';
import type { AuthInfo } from '../../src/context/request-context';
import type { Dispatcher } from '../../src/kernel/dispatcher';
import { META } from '../../src/kernel/revision-2026';
import { AGE_QUESTION, createKernelApp, NAME_QUESTION, probe } from './support/kernel-app';
import { ALL_CAPS, assert2026, type Msg, Peer2026, textOf } from './support/peer-2026';

const SERVER_INFO = { name: 'kernel-2026', version: '1.2.3' };
const ELICIT = { elicitation: { form: {} } };
const ADA = { action: 'accept', content: { name: 'Ada' } };
const AGE = { action: 'accept', content: { age: 36 } };

/** The requestState of an input_required result. */
function stateOf(response: Msg): string {
  expect(response.result?.resultType, JSON.stringify(response)).to.equal('input_required');
  const state = response.result!.requestState;
  expect(state).to.be.a('string');
  return state as string;
}

function inputRequestsOf(response: Msg): Record<string, { method: string; params: Record<string, unknown> }> {
  expect(response.result?.resultType, JSON.stringify(response)).to.equal('input_required');
  return response.result!.inputRequests as Record<string, { method: string; params: Record<string, unknown> }>;
}

describe('kernel: 2026 input-required round trips (raw messages over a stream connection)', () => {
  let app: Armature;
  let peer: Peer2026;

  before(async () => {
    // A short drain, so closing the app after these tests never waits long.
    app = await createKernelApp({ drainMs: 200 });
  });
  after(async () => {
    await app.close();
  });
  beforeEach(async () => {
    probe.reset();
    peer = await Peer2026.open(app);
  });
  afterEach(async () => {
    await peer.close();
  });

  it('a tool asking ctx.elicit ends the attempt with input_required: inputRequests { elicit-1 } and a requestState', async () => {
    const response = await peer.call('ask', { topic: 't' }, 'a1', { caps: ELICIT });
    assert2026(response, 'tools/call');
    expect(response.result).to.have.all.keys('resultType', 'inputRequests', 'requestState', '_meta');
    expect(inputRequestsOf(response)).to.deep.equal({ 'elicit-1': { method: 'elicitation/create', params: NAME_QUESTION } });
    expect(response.result!._meta).to.deep.equal({ [META.serverInfo]: SERVER_INFO });
    expect(stateOf(response)).to.match(/^v1\./);
    // No server→client request was sent: the question travels in the result.
    expect(peer.received.filter((m) => m.method !== undefined && m.id !== undefined)).to.deep.equal([]);
  });

  it('the retry with inputResponses and the requestState completes with the answer (the handler runs again)', async () => {
    const first = await peer.call('ask', { topic: 't' }, 'a1', { caps: ELICIT });
    const retry = await peer.call('ask', { topic: 't' }, 'a2', {
      caps: ELICIT,
      extra: { inputResponses: { 'elicit-1': ADA }, requestState: stateOf(first) },
    });
    assert2026(retry, 'tools/call');
    expect(retry.result!.resultType).to.equal('complete');
    expect(textOf(retry)).to.equal(`answer: ${JSON.stringify(ADA)}`);
    expect(probe.runs.get('ask')).to.equal(2);
  });

  it('the retry may reuse the same request id (each attempt is a new request)', async () => {
    const first = await peer.call('ask', {}, 'same', { caps: ELICIT });
    const retry = await peer.call('ask', {}, 'same', {
      caps: ELICIT,
      extra: { inputResponses: { 'elicit-1': { action: 'decline' } }, requestState: stateOf(first) },
    });
    expect(textOf(retry)).to.equal('answer: {"action":"decline"}');
  });

  it('two rounds: the second question comes after the first answer; the last retry needs only the new answer', async () => {
    const first = await peer.call('twoRounds', {}, 'r1', { caps: ELICIT });
    expect(Object.keys(inputRequestsOf(first))).to.deep.equal(['elicit-1']);
    const second = await peer.call('twoRounds', {}, 'r2', {
      caps: ELICIT,
      extra: { inputResponses: { 'elicit-1': ADA }, requestState: stateOf(first) },
    });
    assert2026(second, 'tools/call');
    expect(inputRequestsOf(second)).to.deep.equal({ 'elicit-2': { method: 'elicitation/create', params: AGE_QUESTION } });
    const third = await peer.call('twoRounds', {}, 'r3', {
      caps: ELICIT,
      extra: { inputResponses: { 'elicit-2': AGE }, requestState: stateOf(second) },
    });
    expect(textOf(third)).to.equal('Ada is 36');
    expect(probe.runs.get('twoRounds')).to.equal(3);
  });

  it('an earlier round answer cannot be rewritten in a later retry', async () => {
    const first = await peer.call('twoRounds', {}, 'r1', { caps: ELICIT });
    const second = await peer.call('twoRounds', {}, 'r2', {
      caps: ELICIT,
      extra: { inputResponses: { 'elicit-1': ADA }, requestState: stateOf(first) },
    });
    const third = await peer.call('twoRounds', {}, 'r3', {
      caps: ELICIT,
      extra: {
        inputResponses: { 'elicit-1': { action: 'accept', content: { name: 'Mallory' } }, 'elicit-2': AGE },
        requestState: stateOf(second),
      },
    });
    expect(textOf(third)).to.equal('Ada is 36');
  });

  it('Promise.all: two questions asked together go out in one round', async () => {
    const first = await peer.call('together', {}, 't1', { caps: ELICIT });
    expect(inputRequestsOf(first)).to.deep.equal({
      'elicit-1': { method: 'elicitation/create', params: NAME_QUESTION },
      'elicit-2': { method: 'elicitation/create', params: AGE_QUESTION },
    });
    const retry = await peer.call('together', {}, 't2', {
      caps: ELICIT,
      extra: { inputResponses: { 'elicit-1': ADA, 'elicit-2': AGE }, requestState: stateOf(first) },
    });
    expect(textOf(retry)).to.equal('Ada/36');
  });

  it('a retry that leaves a question unanswered gets it asked again, with a fresh state', async () => {
    const first = await peer.call('together', {}, 't1', { caps: ELICIT });
    const partial = await peer.call('together', {}, 't2', {
      caps: ELICIT,
      extra: { inputResponses: { 'elicit-2': AGE }, requestState: stateOf(first) },
    });
    expect(Object.keys(inputRequestsOf(partial))).to.deep.equal(['elicit-1']);
    const none = await peer.call('together', {}, 't3', { caps: ELICIT, extra: { requestState: stateOf(partial) } });
    expect(Object.keys(inputRequestsOf(none))).to.deep.equal(['elicit-1']);
    const done = await peer.call('together', {}, 't4', {
      caps: ELICIT,
      extra: { inputResponses: { 'elicit-1': ADA }, requestState: stateOf(none) },
    });
    expect(textOf(done)).to.equal('Ada/36');
  });

  it('ignores inputResponses keys that were never asked', async () => {
    const first = await peer.call('ask', {}, 'x1', { caps: ELICIT });
    const retry = await peer.call('ask', {}, 'x2', {
      caps: ELICIT,
      extra: { inputResponses: { 'elicit-1': ADA, 'elicit-9': { action: 'cancel' }, 'sample-1': {} }, requestState: stateOf(first) },
    });
    expect(textOf(retry)).to.equal(`answer: ${JSON.stringify(ADA)}`);
  });

  for (const [what, answer] of [
    ['an unknown action', { action: 'maybe' }],
    ['a non-object content', { action: 'accept', content: 'Ada' }],
    ['a string answer', 'Ada'],
    ['an array answer', [ADA]],
  ] as [string, unknown][]) {
    it(`answers an invalid answer shape (${what}) with -32602`, async () => {
      const first = await peer.call('ask', {}, 'i1', { caps: ELICIT });
      const retry = await peer.call('ask', {}, 'i2', {
        caps: ELICIT,
        extra: { inputResponses: { 'elicit-1': answer }, requestState: stateOf(first) },
      });
      assert2026(retry, 'tools/call');
      expect(retry.error?.code).to.equal(-32602);
      expect(retry.error?.message).to.include('elicit-1');
    });
  }

  it('answers inputResponses that is not an object with -32602', async () => {
    const first = await peer.call('ask', {}, 'i1', { caps: ELICIT });
    const retry = await peer.call('ask', {}, 'i2', { caps: ELICIT, extra: { inputResponses: [ADA], requestState: stateOf(first) } });
    expect(retry.error?.code).to.equal(-32602);
  });

  it('refuses a tampered requestState with -32602, without running the handler', async () => {
    const first = await peer.call('ask', {}, 's1', { caps: ELICIT });
    const state = stateOf(first);
    const [version, body, mac] = state.split('.') as [string, string, string];
    const forged = Buffer.from(
      Buffer.from(body, 'base64url')
        .toString('utf8')
        .replace('"a":{}', '"a":{"elicit-1":{"action":"accept","content":{"name":"Mallory"}}}'),
    ).toString('base64url');
    expect(forged).to.not.equal(body);
    const runs = probe.runs.get('ask');
    for (const [id, tampered] of [
      ['s2', `${version}.${forged}.${mac}`],
      ['s3', `${state}x`],
      ['s4', 'v1.e30.AAAA'],
      ['s5', 42],
    ] as [string, unknown][]) {
      const retry = await peer.call('ask', {}, id, {
        caps: ELICIT,
        extra: { inputResponses: { 'elicit-1': ADA }, requestState: tampered },
      });
      expect(retry.error?.code, id).to.equal(-32602);
      expect(retry.error?.message, id).to.match(/requestState/);
    }
    expect(probe.runs.get('ask')).to.equal(runs);
  });

  it('refuses a state sealed by another app key with -32602', async () => {
    const other = await createKernelApp({ requestStateKey: 'another-key-of-at-least-32-bytes-long!' }, false);
    const otherPeer = await Peer2026.open(other);
    try {
      const first = await otherPeer.call('ask', {}, 'k1', { caps: ELICIT });
      const retry = await peer.call('ask', {}, 'k2', {
        caps: ELICIT,
        extra: { inputResponses: { 'elicit-1': ADA }, requestState: stateOf(first) },
      });
      expect(retry.error?.code).to.equal(-32602);
    } finally {
      await otherPeer.close();
      await other.close();
    }
  });

  it('accepts a state sealed by another app with the same key (a fleet behind one endpoint)', async () => {
    const twin = await createKernelApp({}, false);
    const twinPeer = await Peer2026.open(twin);
    try {
      const first = await peer.call('ask', {}, 'f1', { caps: ELICIT });
      const retry = await twinPeer.call('ask', {}, 'f2', {
        caps: ELICIT,
        extra: { inputResponses: { 'elicit-1': ADA }, requestState: stateOf(first) },
      });
      expect(textOf(retry)).to.equal(`answer: ${JSON.stringify(ADA)}`);
    } finally {
      await twinPeer.close();
      await twin.close();
    }
  });

  it('refuses a state replayed onto another tool with -32602', async () => {
    const first = await peer.call('ask', {}, 'o1', { caps: ELICIT });
    const replay = await peer.call('twoRounds', {}, 'o2', {
      caps: ELICIT,
      extra: { inputResponses: { 'elicit-1': ADA }, requestState: stateOf(first) },
    });
    expect(replay.error?.code).to.equal(-32602);
    expect(replay.error?.message).to.match(/another request/);
  });

  it('refuses a state replayed onto other arguments with -32602', async () => {
    const first = await peer.call('ask', { topic: 'cats' }, 'o1', { caps: ELICIT });
    const replay = await peer.call('ask', { topic: 'dogs' }, 'o2', {
      caps: ELICIT,
      extra: { inputResponses: { 'elicit-1': ADA }, requestState: stateOf(first) },
    });
    expect(replay.error?.code).to.equal(-32602);
    // The same arguments in another key order are the same call.
    const second = await peer.call('twoRounds', { a: 1, b: 2 }, 'o3', { caps: ELICIT });
    const reordered = await peer.call('twoRounds', { b: 2, a: 1 }, 'o4', {
      caps: ELICIT,
      extra: { inputResponses: { 'elicit-1': ADA }, requestState: stateOf(second) },
    });
    expect(inputRequestsOf(reordered)).to.have.key('elicit-2');
  });

  it('refuses a state replayed by another principal with -32602; the same principal may retry', async () => {
    const alice: AuthInfo = { token: 't-a', clientId: 'alice', scopes: [] };
    const bob: AuthInfo = { token: 't-b', clientId: 'bob', scopes: [] };
    const first = await peer.call('ask', {}, 'p1', { caps: ELICIT }, alice);
    const state = stateOf(first);
    expect(state).to.not.include('alice');
    const stolen = await peer.call(
      'ask',
      {},
      'p2',
      { caps: ELICIT, extra: { inputResponses: { 'elicit-1': ADA }, requestState: state } },
      bob,
    );
    expect(stolen.error?.code).to.equal(-32602);
    const anonymous = await peer.call('ask', {}, 'p3', {
      caps: ELICIT,
      extra: { inputResponses: { 'elicit-1': ADA }, requestState: state },
    });
    expect(anonymous.error?.code).to.equal(-32602);
    const own = await peer.call(
      'ask',
      {},
      'p4',
      { caps: ELICIT, extra: { inputResponses: { 'elicit-1': ADA }, requestState: state } },
      alice,
    );
    expect(textOf(own)).to.include('Ada');
  });

  for (const [tool, caps, required] of [
    ['ask', {}, { elicitation: {} }],
    ['visit', ELICIT, { elicitation: { url: {} } }],
    ['sample', ELICIT, { sampling: {} }],
    ['roots', ELICIT, { roots: {} }],
  ] as [string, Record<string, unknown>, Record<string, unknown>][]) {
    it(`answers ${tool} without the client capability with -32021 and data.requiredCapabilities ${JSON.stringify(required)}`, async () => {
      const response = await peer.call(tool, {}, `cap-${tool}`, { caps });
      assert2026(response, 'tools/call');
      expect(response.error?.code).to.equal(-32021);
      expect(response.error?.data).to.deep.equal({ requiredCapabilities: required });
    });
  }

  it('capabilities are per request: declaring elicitation once does not carry over', async () => {
    await peer.call('ask', {}, 'c1', { caps: ELICIT });
    const next = await peer.call('ask', {}, 'c2', { caps: {} });
    expect(next.error?.code).to.equal(-32021);
  });

  it('sampling and roots questions: sample-1 / roots-1, answered in the retry', async () => {
    const sample = await peer.call('sample', {}, 'sm1', { caps: ALL_CAPS });
    const sampleQuestion = inputRequestsOf(sample)['sample-1']!;
    expect(sampleQuestion.method).to.equal('sampling/createMessage');
    expect(sampleQuestion.params).to.deep.include({ maxTokens: 16 });
    const sampled = await peer.call('sample', {}, 'sm2', {
      caps: ALL_CAPS,
      extra: {
        inputResponses: { 'sample-1': { role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'test-model' } },
        requestState: stateOf(sample),
      },
    });
    expect(textOf(sampled)).to.equal('model test-model');
    const roots = await peer.call('roots', {}, 'ro1', { caps: ALL_CAPS });
    expect(inputRequestsOf(roots)).to.deep.equal({ 'roots-1': { method: 'roots/list', params: {} } });
    const listed = await peer.call('roots', {}, 'ro2', {
      caps: ALL_CAPS,
      extra: { inputResponses: { 'roots-1': { roots: [{ uri: 'file:///a' }, { uri: 'file:///b' }] } }, requestState: stateOf(roots) },
    });
    expect(textOf(listed)).to.equal('file:///a,file:///b');
  });

  it('a URL elicitation is asked with its mode and url', async () => {
    const visit = await peer.call('visit', {}, 'u1', { caps: ALL_CAPS });
    expect(inputRequestsOf(visit)['elicit-1']).to.deep.equal({
      method: 'elicitation/create',
      params: { mode: 'url', message: 'Sign in', url: 'https://example.com/sign-in', elicitationId: 'e-1' },
    });
  });

  it('resources/read may end with input_required, then complete on the retry', async () => {
    const first = await peer.request('resources/read', { uri: 'kernel://ask' }, 'rr1', { caps: ELICIT });
    assert2026(first, 'resources/read');
    expect(Object.keys(inputRequestsOf(first))).to.deep.equal(['elicit-1']);
    const retry = await peer.request(
      'resources/read',
      { uri: 'kernel://ask', inputResponses: { 'elicit-1': ADA }, requestState: stateOf(first) },
      'rr2',
      { caps: ELICIT },
    );
    assert2026(retry, 'resources/read');
    expect((retry.result!.contents as { text: string }[])[0]!.text).to.equal('read by Ada');
    // The state of one resource is not good for another.
    const moved = await peer.request(
      'resources/read',
      { uri: 'kernel://static', inputResponses: { 'elicit-1': ADA }, requestState: stateOf(first) },
      'rr3',
      { caps: ELICIT },
    );
    expect(moved.error?.code).to.equal(-32602);
  });

  it('prompts/get may end with input_required, then complete on the retry', async () => {
    const first = await peer.request('prompts/get', { name: 'confirm' }, 'pg1', { caps: ELICIT });
    assert2026(first, 'prompts/get');
    const retry = await peer.request(
      'prompts/get',
      { name: 'confirm', inputResponses: { 'elicit-1': ADA }, requestState: stateOf(first) },
      'pg2',
      { caps: ELICIT },
    );
    assert2026(retry, 'prompts/get');
    expect(retry.result!.resultType).to.equal('complete');
    expect(JSON.stringify(retry.result!.messages)).to.include('Confirmed by Ada.');
  });

  it('refuses a question asked in completion/complete: an error, never input_required', async () => {
    const response = await peer.request(
      'completion/complete',
      { ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'name', value: 'a' } },
      'cc1',
      { caps: ALL_CAPS },
    );
    assert2026(response, 'completion/complete');
    expect(response.result?.resultType).to.not.equal('input_required');
    // The author's mistake (ARM_ERR_INPUT_NOT_ALLOWED) is an internal error, its details kept out of the answer.
    expect(response.error?.code, JSON.stringify(response)).to.equal(-32603);
  });

  it('a requestState sent to a method that cannot ask is ignored there', async () => {
    const first = await peer.call('ask', {}, 'n1', { caps: ELICIT });
    const list = await peer.request('tools/list', { requestState: stateOf(first), inputResponses: { 'elicit-1': ADA } }, 'n2');
    expect(list.result?.resultType).to.equal('complete');
  });

  describe('refusals raised while the handler asks (synchronously, before its first await)', () => {
    for (const [what, run] of [
      ['-32021 (capability not declared)', (p: Peer2026) => p.call('ask', {}, 'leak', { caps: {} })],
      [
        '-32602 (invalid answer shape)',
        async (p: Peer2026) => {
          const first = await p.call('ask', {}, 'leak-0', { caps: ELICIT });
          return p.call('ask', {}, 'leak', {
            caps: ELICIT,
            extra: { inputResponses: { 'elicit-1': { action: 'maybe' } }, requestState: stateOf(first) },
          });
        },
      ],
    ] as [string, (p: Peer2026) => Promise<Msg>][]) {
      it(`leaves nothing in flight after ${what}`, async () => {
        const own = await createKernelApp({ drainMs: 2000 }, false);
        const ownPeer = await Peer2026.open(own);
        try {
          const refused = await run(ownPeer);
          expect(refused.error).to.not.equal(undefined);
          // Answered while the handler was starting: the dispatcher must not track it afterwards.
          expect((own.requestKernel() as unknown as Dispatcher).inflightCount).to.equal(0);
        } finally {
          await ownPeer.close();
          await own.close();
        }
      });
    }
  });
});
