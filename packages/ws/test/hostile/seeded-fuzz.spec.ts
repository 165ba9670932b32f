import { expect } from 'chai';
import type { Armature } from '@armature/core';
import { checkServerMessage, serverMessageErrors } from '@armature/testing';
import {
  createFixtureApp,
  expectedAnswers,
  fuzzMessages,
  fuzzMessages2026,
  fuzzSettings,
  idsNotAnsweredOnce,
  until,
  type FuzzMessage,
} from '@armature/transport-fixtures';
import { listenWs, type WsServerHandle } from '../../src';
import { WsPeer } from './ws-peer';

const { seed: SEED, messages: MESSAGES } = fuzzSettings();
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'ws-fuzz', version: '1.0.0' },
};

/**
 * The frames the MCP schema rejects. A response is checked against the request it answers
 * (`checkServerMessage`: that request's revision and method; an edit can make a 2026 request
 * a 2025 one, and give two requests one id, so any request with its id will do); a message
 * without an id against the JSON-RPC envelope of either revision.
 */
function invalidFrames(frames: readonly Record<string, unknown>[], corpus: readonly FuzzMessage[]): unknown[] {
  const requests = new Map<unknown, unknown[]>();
  for (const m of corpus) if (m.id !== undefined) requests.set(m.id, [...(requests.get(m.id) ?? []), JSON.parse(m.text) as unknown]);
  return frames.filter((frame) => {
    if (frame.id === undefined)
      return (
        serverMessageErrors(frame, undefined, '2025-11-25').length > 0 && serverMessageErrors(frame, undefined, '2026-07-28').length > 0
      );
    return !(requests.get(frame.id) ?? []).some((request) => checkServerMessage(frame, request).length === 0);
  });
}

/**
 * The seeded fuzz corpus of the stdio spec (@armature/transport-fixtures'
 * `fuzzMessages`), one text frame per message, all written at once: on an initialized 2025
 * connection, and as MCP 2026-07-28 envelope requests on a connection that never initialized.
 * No crash or unhandled rejection, only schema-valid frames, exactly one answer for every frame
 * that is still a request with its own id, and the connection still serves afterwards.
 * Replay: ARMATURE_FUZZ_SEED=<seed> ARMATURE_FUZZ_MESSAGES=<n>.
 */
describe(`seeded fuzz: ${MESSAGES} mutated messages per connection over WebSocket (seed ${SEED})`, function () {
  this.timeout(120_000);
  let app: Armature;
  let handle: WsServerHandle;
  const peers: WsPeer[] = [];
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown): void => void rejections.push(reason);

  before(async () => {
    process.on('unhandledRejection', onRejection);
    app = await createFixtureApp('ws-fuzz');
    handle = await listenWs(app, { port: 0 });
  });
  after(async () => {
    process.off('unhandledRejection', onRejection);
    for (const peer of peers.splice(0)) peer.close();
    await handle.close(0);
    await app.close({ drainMs: 0 });
  });

  async function fuzz(
    peer: WsPeer,
    seed: number,
    envelope?: Record<string, unknown>,
    corpus = fuzzMessages(seed, MESSAGES, envelope),
  ): Promise<void> {
    const expected = expectedAnswers(corpus);
    const total = [...expected.values()].reduce((sum, n) => sum + n, 0);
    const before = peer.messages.length;
    for (const message of corpus) peer.send(message.text);
    const answers = new Map<unknown, number>();
    let scanned = before;
    let answered = 0;
    // Until every expected answer arrived (more would show as a mismatch below), bounded.
    await until(
      () => {
        for (; scanned < peer.messages.length; scanned++) {
          const m = peer.messages[scanned]!;
          if (m.method === undefined && m.id !== undefined) {
            answers.set(m.id, (answers.get(m.id) ?? 0) + 1);
            answered++;
          }
        }
        return answered >= total;
      },
      `${total} answers`,
      60_000,
    );
    expect(total, 'frames that kept their id').to.be.above(MESSAGES / 4);
    expect(idsNotAnsweredOnce(expected, answers), 'ids not answered once per request').to.deep.equal([]);
    expect(invalidFrames(peer.messages.slice(before), corpus).slice(0, 3), 'frames the schema rejects').to.deep.equal([]);
    expect(rejections, 'unhandled rejections').to.deep.equal([]);
  }

  it('an initialized 2025 connection: one answer per request under its id, and it still serves', async () => {
    const peer = await WsPeer.open(handle.url);
    peers.push(peer);
    await peer.initialize();
    await fuzz(peer, SEED);
    expect((await peer.call('echo', { text: 'alive' }, 'alive')).result?.content?.[0]?.text).to.equal('alive');
  });

  it('2026-07-28 envelope requests on a connection that never initialized: one answer per request, and it still serves', async () => {
    const peer = await WsPeer.open(handle.url);
    peers.push(peer);
    await fuzz(peer, SEED + 2, ENVELOPE);
    const after = await peer.request('tools/call', { name: 'echo', arguments: { text: 'alive' }, _meta: ENVELOPE }, 'alive');
    expect(after.result?.content?.[0]?.text).to.equal('alive');
  });

  it('2026-07-28 envelopes (versions, capabilities, client info), inputResponses and requestStates: one answer per request', async () => {
    const peer = await WsPeer.open(handle.url);
    peers.push(peer);
    await fuzz(peer, SEED + 3, undefined, fuzzMessages2026(SEED + 3, MESSAGES, 'ask'));
    const after = await peer.request('tools/call', { name: 'echo', arguments: { text: 'alive' }, _meta: ENVELOPE }, 'alive');
    expect(after.result?.content?.[0]?.text).to.equal('alive');
  });
});
