import { expect } from 'chai';
import type { Armature } from '../../src/app/armature.app';
import type { ObservedRequest, RequestObservation, RequestObserver } from '../../src/kernel/request-observer';
import type { ServerLogger } from '../../src/logging/server-logger';
import { connectClient, type AppConnection } from '../app/support/app-client';
import { waitUntil } from '../support/wait';
import { createKernelApp, probe } from './support/kernel-app';
import { envelope, Peer2026 } from './support/peer-2026';

/** What an observer was told about one request. */
interface Seen {
  readonly method: string;
  readonly id: unknown;
  readonly protocolVersion: string | undefined;
  readonly sessionId: string | undefined;
  readonly name: unknown;
  entered: boolean;
  end?: { kind: 'answered'; code?: number } | { kind: 'aborted' };
}

/** An observer that records every start, enter and end. */
class RecordingObserver implements RequestObserver {
  readonly seen: Seen[] = [];

  start(request: ObservedRequest): RequestObservation {
    const seen: Seen = {
      method: request.method,
      id: request.id,
      protocolVersion: request.protocolVersion,
      sessionId: request.sessionId,
      name: request.params.name,
      entered: false,
    };
    this.seen.push(seen);
    return {
      enter: (run) => {
        seen.entered = true;
        return run();
      },
      answered: (response) => (seen.end = 'error' in response ? { kind: 'answered', code: response.error.code } : { kind: 'answered' }),
      aborted: () => (seen.end = { kind: 'aborted' }),
    };
  }

  of(method: string, id: unknown): Seen | undefined {
    return this.seen.find((s) => s.method === method && s.id === id);
  }
}

describe('kernel: the request observer seam (both revisions, one path)', () => {
  let app: Armature | undefined;
  let peer: Peer2026 | undefined;
  let connection: AppConnection | undefined;

  afterEach(async () => {
    await peer?.close();
    await connection?.close();
    await app?.close();
    peer = undefined;
    connection = undefined;
    app = undefined;
  });

  it('2026-07-28: every request starts, runs inside enter() and ends once; refusals included', async () => {
    const observer = new RecordingObserver();
    app = await createKernelApp({ requestObserver: observer });
    peer = await Peer2026.open(app);
    await peer.call('echo', { text: 'hi' }, 'c1');
    await peer.request('nope/nope', {}, 'c2');
    // No envelope, no initialize: the connection's 2025 session refuses it.
    const refused = await peer.raw('tools/list', {}, 'c3');
    expect(observer.of('tools/call', 'c1')).to.deep.include({
      protocolVersion: '2026-07-28',
      sessionId: undefined,
      name: 'echo',
      entered: true,
      end: { kind: 'answered' },
    });
    expect(observer.of('nope/nope', 'c2')?.end).to.deep.equal({ kind: 'answered', code: -32601 });
    expect(observer.of('tools/list', 'c3')).to.deep.include({
      protocolVersion: undefined,
      end: { kind: 'answered', code: refused.error?.code },
    });
    expect(refused.error?.code).to.be.a('number');
  });

  it('2026-07-28: a request cancelled by the client ends as aborted', async () => {
    const observer = new RecordingObserver();
    app = await createKernelApp({ requestObserver: observer });
    peer = await Peer2026.open(app);
    await peer.start('tools/call', { name: 'wait', arguments: { tag: 'w' }, _meta: envelope() }, 'w1');
    await waitUntil(() => probe.started.has('w'), 'the handler to start');
    await peer.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'w1' } });
    await waitUntil(() => observer.of('tools/call', 'w1')?.end !== undefined, 'the observer to hear of the end');
    expect(observer.of('tools/call', 'w1')?.end).to.deep.equal({ kind: 'aborted' });
  });

  it('2025-11-25: a session request is observed with its negotiated version, lifecycle methods too', async () => {
    const observer = new RecordingObserver();
    app = await createKernelApp({ requestObserver: observer });
    connection = await connectClient(app);
    await connection.client.callTool({ name: 'echo', arguments: { text: 'hi' } });
    const call = observer.seen.find((s) => s.method === 'tools/call');
    expect(call).to.deep.include({ protocolVersion: '2025-11-25', name: 'echo', entered: true, end: { kind: 'answered' } });
    expect(observer.seen.map((s) => s.method)).to.include('initialize');
  });

  it('an observer that throws never breaks a request: it is logged and the request answered', async () => {
    const warnings: string[] = [];
    const logger: ServerLogger = { error: () => undefined, debug: () => undefined, warn: (message: string) => void warnings.push(message) };
    const throwing: RequestObserver = {
      start: (request) =>
        request.params.name === 'echo'
          ? {
              answered: () => {
                throw new Error('answered failed');
              },
              aborted: () => undefined,
            }
          : (() => {
              throw new Error('start failed');
            })(),
    };
    app = await createKernelApp({ requestObserver: throwing, logger });
    peer = await Peer2026.open(app);
    expect((await peer.call('echo', { text: 'still served' }, 'e1')).result).to.have.property('content');
    expect((await peer.request('tools/list', {}, 'l1')).result).to.have.property('tools');
    expect(warnings).to.include.members(['a request observer failed', 'a request observer failed to start']);
  });
});
