import 'reflect-metadata';
import { expect } from 'chai';
import { Armature, RequestContext, Tool } from '@armature/core';
import { Module } from '@armature/di';
import { checkServerMessage } from '@armature/testing';
import { type Body2026, headersFor2026, request2026 } from './support/raw-2026';
import { post } from './support/raw-http';
import { Opened } from './support/servers';

const ELICIT = { elicitation: { form: {} } };
const OBJECT = { type: 'object' } as const;
const CONFIRM = {
  mode: 'form',
  message: 'Sure?',
  requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } } },
} as const;
const runs = { drop: 0, rename: 0, keep: 0, optIn: 0 };

class StateTools {
  @Tool({ description: 'Destructive: asks to confirm, then counts a run.', inputSchema: OBJECT, annotations: { destructiveHint: true } })
  async drop(_args: object, ctx: RequestContext): Promise<string> {
    await ctx.elicit(CONFIRM as never, { key: 'confirm' });
    return `dropped ${++runs.drop}`;
  }

  @Tool({ description: 'Not destructive: asks, then counts a run.', inputSchema: OBJECT })
  async rename(_args: object, ctx: RequestContext): Promise<string> {
    await ctx.elicit(CONFIRM as never, { key: 'confirm' });
    return `renamed ${++runs.rename}`;
  }

  @Tool({
    description: 'Destructive, but its states may be replayed.',
    inputSchema: OBJECT,
    annotations: { destructiveHint: true },
    singleUseState: false,
  })
  async keep(_args: object, ctx: RequestContext): Promise<string> {
    await ctx.elicit(CONFIRM as never, { key: 'confirm' });
    return `kept ${++runs.keep}`;
  }

  @Tool({ description: 'Not destructive, single-use by choice.', inputSchema: OBJECT, singleUseState: true })
  async optIn(_args: object, ctx: RequestContext): Promise<string> {
    await ctx.elicit(CONFIRM as never, { key: 'confirm' });
    return `opted ${++runs.optIn}`;
  }

  @Tool({ description: 'Asks two questions, one round each.', inputSchema: OBJECT })
  async twice(_args: object, ctx: RequestContext): Promise<string> {
    const first = await ctx.elicit(CONFIRM as never, { key: 'first' });
    await ctx.elicit(CONFIRM as never, { key: 'second' });
    return `twice ${JSON.stringify(first.content ?? {}).length}`;
  }
}

@Module({ handlers: [StateTools] })
class StateModule {}

/** One 2026 `tools/call` over HTTP; the answer is checked against the 2026 schema. */
async function call(
  url: string,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<{ status: number; body: Body2026; text: string }> {
  const body = request2026(`${name}-${Math.random()}`, 'tools/call', { name, arguments: {}, ...extra }, ELICIT);
  const res = await post(url, body, headersFor2026(body));
  const text = await res.text();
  const parsed = JSON.parse(text) as Body2026;
  expect(checkServerMessage(parsed, body), text).to.deep.equal([]);
  return { status: res.status, body: parsed, text };
}

const ACCEPT = { action: 'accept', content: { confirm: true } };

/** The requestState of an `input_required` answer. */
function stateOf(answer: { body: Body2026 }): string {
  expect(answer.body.result?.resultType, JSON.stringify(answer.body)).to.equal('input_required');
  return answer.body.result?.requestState as string;
}

describe('MCP 2026-07-28 requestState over Streamable HTTP: asked keys only, a bounded sealer, single-use states', () => {
  const opened = new Opened();
  let url: string;
  before(async () => {
    const app = await Armature.create(StateModule, {
      name: 'state-edges',
      version: '1.0.0',
      manifest: { armature: 1, handlers: {} },
      logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
      requestStateKey: 'state-edges-test-request-state-key-32bytes',
    });
    url = (await opened.listen(app)).url;
  });
  after(() => opened.closeAll());

  it('ignores inputResponses under keys nothing asked: 300 KB of junk is neither sealed nor echoed, and the retry completes', async () => {
    const junk = { 'not-asked': { action: 'accept', content: { blob: 'j'.repeat(300 * 1024) } } };
    const first = await call(url, 'rename', { inputResponses: junk });
    expect(first.text.length).to.be.below(4096);
    const state = stateOf(first);
    expect(state.length).to.be.below(1024);
    const done = await call(url, 'rename', { requestState: state, inputResponses: { confirm: ACCEPT, ...junk } });
    expect(done.body.result?.content).to.deep.equal([{ type: 'text', text: `renamed ${runs.rename}` }]);
    expect(done.text.length).to.be.below(4096);
  });

  it('refuses to seal a state over its 256 KB limit: -32602 naming the limit, repeating none of the answers', async () => {
    const first = await call(url, 'twice');
    const huge = { action: 'accept', content: { confirm: true, note: 'h'.repeat(300 * 1024) } };
    const refused = await call(url, 'twice', { requestState: stateOf(first), inputResponses: { first: huge } });
    expect(refused.body.error?.code).to.equal(-32602);
    expect(refused.body.error?.message).to.contain('262144 characters');
    expect(refused.text.length).to.be.below(1024);
    // An answer that fits goes on to the next round, whose state carries only the asked answer.
    const fits = await call(url, 'twice', { requestState: stateOf(first), inputResponses: { first: ACCEPT } });
    const done = await call(url, 'twice', { requestState: stateOf(fits), inputResponses: { second: ACCEPT } });
    expect(done.body.result?.content).to.have.length(1);
  });

  it('a destructive tool: the completed round, replayed, is refused (-32602) and the tool does not run again', async () => {
    const state = stateOf(await call(url, 'drop'));
    const done = await call(url, 'drop', { requestState: state, inputResponses: { confirm: ACCEPT } });
    expect(done.body.result?.content).to.deep.equal([{ type: 'text', text: 'dropped 1' }]);
    const replay = await call(url, 'drop', { requestState: state, inputResponses: { confirm: ACCEPT } });
    expect(replay.body.error?.code).to.equal(-32602);
    expect(replay.body.error?.message).to.contain('already used');
    expect(runs.drop).to.equal(1);
  });

  it('single-use is per tool: a non-destructive tool replays (default), singleUseState turns it on or off', async () => {
    for (const [name, singleUse] of [
      ['rename', false],
      ['keep', false],
      ['optIn', true],
    ] as const) {
      const state = stateOf(await call(url, name));
      const once = await call(url, name, { requestState: state, inputResponses: { confirm: ACCEPT } });
      expect(once.body.result, name).to.not.equal(undefined);
      const again = await call(url, name, { requestState: state, inputResponses: { confirm: ACCEPT } });
      if (singleUse) expect(again.body.error?.code, name).to.equal(-32602);
      else expect(again.body.result?.isError, name).to.not.equal(true);
    }
    expect([runs.keep, runs.optIn]).to.deep.equal([2, 1]);
  });
});
