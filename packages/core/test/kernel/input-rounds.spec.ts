import { expect } from 'chai';
import { McpWireError } from '../../src/errors/wire-error';
import { bindingOf, INPUT_LIMITS, INPUT_METHODS, InputRounds, type RoundBinding } from '../../src/kernel/input-rounds';
import { digest, RequestStateSealer } from '../../src/kernel/request-state';

const sealer = new RequestStateSealer(Buffer.alloc(32, 1));
const ASK = bindingOf('tools/call', { name: 'ask', arguments: { topic: 'x' } }, undefined);
const FORM = { mode: 'form', message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } };
const ACCEPT_ADA = { action: 'accept', content: { name: 'Ada' } };

/** The state one attempt ends with after asking `methods` (none answered). */
function firstRound(
  binding: RoundBinding,
  ...methods: string[]
): { keys: string[]; state: string; inputRequests: Record<string, { method: string; params: Record<string, unknown> }> } {
  const rounds = new InputRounds(sealer, binding, undefined, undefined);
  const keys = methods.map((method) => {
    const key = rounds.nextKey(method);
    rounds.ask(key, method, method === 'elicitation/create' ? FORM : {});
    return key;
  });
  const { inputRequests, requestState } = rounds.questions();
  return { keys, state: requestState, inputRequests };
}

function refusal(make: () => unknown): McpWireError {
  try {
    make();
  } catch (error) {
    expect(error).to.be.instanceOf(McpWireError);
    return error as McpWireError;
  }
  throw new Error('expected a refusal');
}

describe('kernel: InputRounds', () => {
  it('names questions by kind and position: elicit-1, sample-2, roots-3, input-4', () => {
    const rounds = new InputRounds(sealer, ASK, undefined, undefined);
    expect(rounds.nextKey('elicitation/create')).to.equal('elicit-1');
    expect(rounds.nextKey('sampling/createMessage')).to.equal('sample-2');
    expect(rounds.nextKey('roots/list')).to.equal('roots-3');
    expect(rounds.nextKey('something/else')).to.equal('input-4');
    expect(rounds.nextKey('elicitation/create')).to.equal('elicit-5');
  });

  it('a fresh attempt has no answers and no questions', () => {
    const rounds = new InputRounds(sealer, ASK, undefined, undefined);
    expect(rounds.hasQuestions).to.equal(false);
    expect(rounds.answer('elicit-1')).to.equal(undefined);
  });

  it('questions() lists what was asked and seals the binding, the answers so far and the pending keys', () => {
    const { keys, inputRequests, state } = firstRound(ASK, 'elicitation/create', 'sampling/createMessage');
    expect(keys).to.deep.equal(['elicit-1', 'sample-2']);
    expect(inputRequests).to.deep.equal({
      'elicit-1': { method: 'elicitation/create', params: FORM },
      'sample-2': { method: 'sampling/createMessage', params: {} },
    });
    const sealed = sealer.open(state);
    expect(sealed).to.deep.include({ v: 1, m: 'tools/call', t: 'ask', h: ASK.argsDigest, s: '', a: {}, p: ['elicit-1', 'sample-2'] });
    expect(sealed.e).to.be.within(Date.now() + INPUT_LIMITS.stateTtlMs - 5000, Date.now() + INPUT_LIMITS.stateTtlMs + 5000);
  });

  it('takes the answer of a pending key from inputResponses', () => {
    const { state } = firstRound(ASK, 'elicitation/create');
    const retry = new InputRounds(sealer, ASK, state, { 'elicit-1': ACCEPT_ADA });
    expect(retry.nextKey('elicitation/create')).to.equal('elicit-1');
    expect(retry.answer('elicit-1')).to.deep.equal(ACCEPT_ADA);
  });

  it('carries earlier answers in the state: round two answers from the state and the new inputResponses', () => {
    const { state } = firstRound(ASK, 'elicitation/create');
    const second = new InputRounds(sealer, ASK, state, { 'elicit-1': ACCEPT_ADA });
    second.nextKey('elicitation/create');
    expect(second.answer('elicit-1')).to.deep.equal(ACCEPT_ADA);
    const key = second.nextKey('elicitation/create');
    expect(key).to.equal('elicit-2');
    expect(second.answer(key)).to.equal(undefined);
    second.ask(key, 'elicitation/create', FORM);
    const next = second.questions();
    expect(Object.keys(next.inputRequests)).to.deep.equal(['elicit-2']);
    expect(sealer.open(next.requestState)).to.deep.include({ a: { 'elicit-1': ACCEPT_ADA }, p: ['elicit-2'] });
    // Round three: elicit-1 comes from the state (the client need not repeat it), elicit-2 from the responses.
    const third = new InputRounds(sealer, ASK, next.requestState, { 'elicit-2': { action: 'decline' } });
    expect(third.answer('elicit-1')).to.deep.equal(ACCEPT_ADA);
    expect(third.answer('elicit-2')).to.deep.equal({ action: 'decline' });
  });

  it('ignores inputResponses keys that were not asked in the last round (no injected or rewritten answers)', () => {
    const { state } = firstRound(ASK, 'elicitation/create');
    const second = new InputRounds(sealer, ASK, state, { 'elicit-1': ACCEPT_ADA });
    second.nextKey('elicitation/create');
    second.answer('elicit-1');
    second.ask(second.nextKey('elicitation/create'), 'elicitation/create', FORM);
    const { requestState } = second.questions();
    // As a wire would deliver it: "__proto__" is an own key of a parsed object.
    const responses: unknown = JSON.parse(
      '{"elicit-1":{"action":"accept","content":{"name":"Mallory"}},"elicit-2":{"action":"cancel"},"elicit-3":{"action":"accept","content":{"name":"injected"}},"__proto__":{"action":"accept"}}',
    );
    const third = new InputRounds(sealer, ASK, requestState, responses);
    expect(third.answer('elicit-1')).to.deep.equal(ACCEPT_ADA);
    expect(third.answer('elicit-2')).to.deep.equal({ action: 'cancel' });
    expect(third.answer('elicit-3')).to.equal(undefined);
    expect(third.answer('__proto__')).to.equal(undefined);
    expect(third.answer('toString')).to.equal(undefined);
  });

  it('seals only the answers a question of this attempt read: keys nothing asked are never carried on', () => {
    const junk = { action: 'accept', content: { blob: 'j'.repeat(10_000) } };
    const first = new InputRounds(sealer, ASK, undefined, { 'elicit-1': ACCEPT_ADA, 'not-asked': junk });
    expect(first.answer(first.nextKey('elicitation/create'))).to.deep.equal(ACCEPT_ADA);
    first.ask(first.nextKey('elicitation/create'), 'elicitation/create', FORM);
    const { requestState } = first.questions();
    expect(sealer.open(requestState).a).to.deep.equal({ 'elicit-1': ACCEPT_ADA });
    expect(requestState.length).to.be.below(1000);
  });

  it('questions(true) seals a fresh nonce (a single-use state); questions() seals none', () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const rounds = new InputRounds(sealer, ASK, undefined, undefined);
      rounds.ask(rounds.nextKey('elicitation/create'), 'elicitation/create', FORM);
      const nonce = sealer.open(rounds.questions(true).requestState).n;
      expect(nonce).to.match(/^[A-Za-z0-9_-]{22}$/);
      nonces.add(nonce!);
    }
    expect(nonces.size).to.equal(3);
    const plain = new InputRounds(sealer, ASK, undefined, undefined);
    plain.ask(plain.nextKey('elicitation/create'), 'elicitation/create', FORM);
    expect(sealer.open(plain.questions().requestState)).to.not.have.property('n');
  });

  it('a pending key the retry does not answer stays unanswered (asked again)', () => {
    const { state } = firstRound(ASK, 'elicitation/create', 'elicitation/create');
    const retry = new InputRounds(sealer, ASK, state, { 'elicit-2': ACCEPT_ADA });
    expect(retry.answer('elicit-1')).to.equal(undefined);
    expect(retry.answer('elicit-2')).to.deep.equal(ACCEPT_ADA);
  });

  for (const [what, responses] of [
    ['an array', [ACCEPT_ADA]],
    ['a string', 'elicit-1'],
    ['null', null],
  ] as [string, unknown][]) {
    it(`refuses inputResponses that is ${what} with -32602`, () => {
      const { state } = firstRound(ASK, 'elicitation/create');
      const error = refusal(() => new InputRounds(sealer, ASK, state, responses));
      expect(error.code).to.equal(-32602);
      expect(error.message).to.match(/inputResponses/);
    });
  }

  const foreign: [string, RoundBinding][] = [
    ['another tool', bindingOf('tools/call', { name: 'other', arguments: { topic: 'x' } }, undefined)],
    ['other arguments', bindingOf('tools/call', { name: 'ask', arguments: { topic: 'y' } }, undefined)],
    ['no arguments', bindingOf('tools/call', { name: 'ask' }, undefined)],
    ['another principal', bindingOf('tools/call', { name: 'ask', arguments: { topic: 'x' } }, 'client-b')],
    ['another method', bindingOf('prompts/get', { name: 'ask', arguments: { topic: 'x' } }, undefined)],
  ];
  for (const [what, binding] of foreign) {
    it(`refuses a state replayed onto ${what} with -32602`, () => {
      const { state } = firstRound(ASK, 'elicitation/create');
      const error = refusal(() => new InputRounds(sealer, binding, state, { 'elicit-1': ACCEPT_ADA }));
      expect(error.code).to.equal(-32602);
      expect(error.message).to.match(/belongs to another request/);
    });
  }

  it('refuses a state of one principal presented by another, and accepts it from the same one', () => {
    const alice = bindingOf('tools/call', { name: 'ask', arguments: {} }, 'alice');
    const { state } = firstRound(alice, 'elicitation/create');
    expect(
      new InputRounds(sealer, bindingOf('tools/call', { name: 'ask', arguments: {} }, 'alice'), state, { 'elicit-1': ACCEPT_ADA }).answer(
        'elicit-1',
      ),
    ).to.deep.equal(ACCEPT_ADA);
    refusal(() => new InputRounds(sealer, bindingOf('tools/call', { name: 'ask', arguments: {} }, 'bob'), state, {}));
    refusal(() => new InputRounds(sealer, bindingOf('tools/call', { name: 'ask', arguments: {} }, undefined), state, {}));
  });

  it('refuses a tampered state before reading any answer', () => {
    const { state } = firstRound(ASK, 'elicitation/create');
    const error = refusal(() => new InputRounds(sealer, ASK, `${state}x`, { 'elicit-1': ACCEPT_ADA }));
    expect(error.code).to.equal(-32602);
    refusal(() => new InputRounds(new RequestStateSealer(Buffer.alloc(32, 2)), ASK, state, {}));
  });

  it(`stops a handler that asks more than ${INPUT_LIMITS.maxAsks} questions with -32603`, () => {
    const rounds = new InputRounds(sealer, ASK, undefined, undefined);
    for (let i = 0; i < INPUT_LIMITS.maxAsks; i++) rounds.nextKey('elicitation/create');
    const error = refusal(() => rounds.nextKey('elicitation/create'));
    expect(error.code).to.equal(-32603);
  });
});

describe('kernel: bindingOf', () => {
  it('binds tools/call and prompts/get to the name, resources/read to the URI', () => {
    expect(bindingOf('tools/call', { name: 'ask' }, undefined).target).to.equal('ask');
    expect(bindingOf('prompts/get', { name: 'greet', arguments: { who: 'x' } }, undefined).target).to.equal('greet');
    expect(bindingOf('resources/read', { uri: 'notes://1' }, undefined).target).to.equal('notes://1');
    expect(bindingOf('tools/call', {}, undefined).target).to.equal('');
  });

  it('digests the arguments independently of key order, and the principal (never in clear)', () => {
    const a = bindingOf('tools/call', { name: 't', arguments: { x: 1, y: { z: 2, w: 3 } } }, 'client-secret-id');
    const b = bindingOf('tools/call', { name: 't', arguments: { y: { w: 3, z: 2 }, x: 1 } }, 'client-secret-id');
    expect(a).to.deep.equal(b);
    expect(a.argsDigest).to.equal(digest({ x: 1, y: { z: 2, w: 3 } }));
    expect(a.principal).to.equal(digest('client-secret-id'));
    expect(a.principal).to.not.include('secret');
    expect(bindingOf('tools/call', { name: 't' }, undefined).principal).to.equal('');
  });

  it('only tools/call, prompts/get and resources/read may ask for input', () => {
    expect([...INPUT_METHODS].sort()).to.deep.equal(['prompts/get', 'resources/read', 'tools/call']);
  });
});
