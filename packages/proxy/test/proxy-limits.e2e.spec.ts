import { expect } from 'chai';
import { within } from '@armature/transport-fixtures';
import { PROXY_ERROR_META } from '../src';
import { connectDownstream } from './support/clients';
import { startGateway } from './support/gateway';
import { TOKENS, verifyTestToken } from './support/tokens';
import { startUpstream } from './support/upstream-app';

function textOf(result: { content: { type: string; text?: string }[] }): string {
  return result.content.map((c) => c.text ?? '').join('');
}

async function eventually(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('@armature/proxy: limits', function () {
  this.timeout(30_000);

  it('maxInflight: a call beyond it is refused at once, retryably (ARM_ERR_PROXY_BUSY)', async () => {
    const upstream = await startUpstream();
    const gateway = await startGateway([{ url: upstream.url, prefix: 'up', maxInflight: 1 }]);
    try {
      const client = await connectDownstream('sdk-v1 (2025-11-25)', gateway.url, TOKENS.alice as string);
      try {
        const abort = new AbortController();
        let started!: () => void;
        const running = new Promise<void>((resolve) => (started = resolve));
        const first = client
          .callTool('up_wait', { label: 'hold' }, { signal: abort.signal, onprogress: () => started() })
          .catch(() => undefined);
        await within(running, 'the first call to run upstream', 10_000);
        const second = await client.callTool('up_echo', { text: 'x' });
        expect(second.isError).to.equal(true);
        expect(second._meta?.[PROXY_ERROR_META]).to.deep.equal({ code: 'ARM_ERR_PROXY_BUSY', retryable: true });
        abort.abort();
        await first;
        await eventually(() => upstream.record.cancelled.includes('hold'), 'the held call to be cancelled upstream');
        expect((await client.callTool('up_echo', { text: 'y' })).structuredContent).to.deep.equal({ text: 'y' });
      } finally {
        await client.close();
      }
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });

  it('waitWhileDownMs and maxWaiting: while the upstream is down a call waits that long, one more than maxWaiting is refused at once', async () => {
    const upstream = await startUpstream();
    const gateway = await startGateway([
      { url: upstream.url, prefix: 'up', waitWhileDownMs: 300, maxWaiting: 1, reconnect: { initialDelayMs: 5000, maxDelayMs: 5000 } },
    ]);
    try {
      const client = await connectDownstream('sdk-v1 (2025-11-25)', gateway.url, TOKENS.alice as string);
      try {
        await upstream.close();
        // The first call after the upstream went away finds out (a failed request), or the dropped stream did.
        await client.callTool('up_echo', { text: 'x' });
        await eventually(() => gateway.proxies[0]?.state === 'down', 'the proxy to see the upstream down');
        const [waited, refused] = await Promise.all([client.callTool('up_echo', { text: 'a' }), client.callTool('up_echo', { text: 'b' })]);
        const codes = [waited, refused].map((r) => (r._meta?.[PROXY_ERROR_META] as { code?: string } | undefined)?.code).sort();
        expect(codes).to.deep.equal(['ARM_ERR_PROXY_BUSY', 'ARM_ERR_PROXY_UNAVAILABLE']);
        expect(textOf(waited) + textOf(refused)).to.contain('retry');
      } finally {
        await client.close();
      }
    } finally {
      await gateway.close();
    }
  });

  it('maxCallerSessions: with forwardAuth on a 2025-11-25 upstream, callers beyond it take over the least recently used session', async () => {
    const upstream = await startUpstream({ verifyToken: verifyTestToken });
    const gateway = await startGateway([
      {
        url: upstream.url,
        prefix: 'up',
        upstreamRevision: '2025-11-25',
        headers: { Authorization: `Bearer ${TOKENS.proxy}` },
        forwardAuth: true,
        maxCallerSessions: 1,
      },
    ]);
    try {
      for (const who of ['alice', 'bob', 'alice'] as const) {
        const client = await connectDownstream('sdk-v2 (2026-07-28)', gateway.url, TOKENS[who] as string);
        try {
          expect(textOf(await client.callTool('up_whoami', {}))).to.equal(`client ${who}`);
        } finally {
          await client.close();
        }
      }
      expect(upstream.record.tokens).to.deep.equal([TOKENS.alice, TOKENS.bob, TOKENS.alice]);
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });

  it('a 2025-11-25 upstream question while several calls are in flight is refused, not guessed at (the client is never asked)', async () => {
    const upstream = await startUpstream();
    const gateway = await startGateway([{ url: upstream.url, prefix: 'up', upstreamRevision: '2025-11-25' }]);
    try {
      const client = await connectDownstream('sdk-v1 (2025-11-25)', gateway.url, TOKENS.alice as string);
      try {
        let asked = 0;
        client.elicit = () => {
          asked++;
          return { action: 'accept', content: { color: 'red' } };
        };
        const abort = new AbortController();
        let started!: () => void;
        const running = new Promise<void>((resolve) => (started = resolve));
        const holder = client
          .callTool('up_wait', { label: 'holder' }, { signal: abort.signal, onprogress: () => started() })
          .catch(() => undefined);
        await within(running, 'the holding call to run upstream', 10_000);
        const outcome = await client.callTool('up_ask_color', {}).then(
          (result) => (result.isError === true ? 'tool error' : textOf(result)),
          () => 'json-rpc error',
        );
        expect(outcome).to.be.oneOf(['tool error', 'json-rpc error']);
        expect(asked).to.equal(0);
        abort.abort();
        await holder;
        // With one call in flight the question is routed to it.
        expect(textOf(await client.callTool('up_ask_color', {}))).to.equal('color: red');
        expect(asked).to.equal(1);
      } finally {
        await client.close();
      }
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });

  it('maxSubscriptions: the proxy follows at most that many upstream resources (resources/subscribe on 2025-11-25)', async () => {
    for (const [maxSubscriptions, expected] of [
      [1, 1],
      [0, 0],
    ] as const) {
      const upstream = await startUpstream();
      const gateway = await startGateway([{ url: upstream.url, prefix: 'up', upstreamRevision: '2025-11-25', maxSubscriptions }]);
      try {
        expect(gateway.proxies[0]?.state).to.equal('up');
        expect(upstream.record.methods.filter((m) => m === 'resources/subscribe')).to.have.length(expected);
      } finally {
        await gateway.close();
        await upstream.close();
      }
    }
  });

  it('reconnect.maxAttempts: the supervisor gives up after that many attempts; reconnect() starts over and finds the upstream back', async () => {
    const upstream = await startUpstream();
    const url = upstream.url;
    const port = Number(new URL(url).port);
    await upstream.close();
    const gateway = await startGateway([
      { url, prefix: 'up', connectTimeoutMs: 2000, reconnect: { initialDelayMs: 20, maxDelayMs: 40, maxAttempts: 2 } },
    ]);
    let again: Awaited<ReturnType<typeof startUpstream>> | undefined;
    try {
      const proxy = gateway.proxies[0];
      await eventually(() => proxy?.state === 'gave-up', 'the supervisor to give up');
      again = await startUpstream({ port });
      proxy?.reconnect();
      await eventually(() => proxy?.state === 'up', 'the proxy to connect after reconnect()');
      expect(gateway.app.tools.has('up_echo')).to.equal(true);
    } finally {
      await gateway.close();
      await again?.close();
    }
  });
});
