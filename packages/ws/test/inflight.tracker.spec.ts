import { expect } from 'chai';
import { InflightTracker } from '../src/inflight.tracker';

describe('InflightTracker', () => {
  it('counts a request until its response, and releases waiters then', async () => {
    const tracker = new InflightTracker();
    tracker.incoming({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} });
    expect(tracker.size).to.equal(1);
    let idle = false;
    const waiting = tracker.whenIdle().then(() => (idle = true));
    tracker.outgoing({ jsonrpc: '2.0', id: 1, result: {} });
    await waiting;
    expect(idle).to.equal(true);
    expect(tracker.size).to.equal(0);
  });

  it('does not count an MCP 2026-07-28 subscriptions/listen stream: it holds no work for a drain to wait for', () => {
    const tracker = new InflightTracker();
    tracker.incoming({ jsonrpc: '2.0', id: 'listen-1', method: 'subscriptions/listen', params: { notifications: {} } });
    expect(tracker.size).to.equal(0);
  });
});
