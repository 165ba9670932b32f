import { expect } from 'chai';
import { within } from '@armature/transport-fixtures';
import type { McpProxyOptions } from '../src';
import { spawnUpstream, type ChildUpstream } from './support/child-upstream';
import { connectDownstream, DOWNSTREAM_KINDS, type Downstream } from './support/clients';
import { startGateway, type TestGateway } from './support/gateway';
import { TOKENS } from './support/tokens';

/** Polls `check` (async) until it returns true: at most `ms`. */
async function eventually(check: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function textOf(result: { content: { type: string; text?: string }[] }): string {
  return result.content.map((c) => c.text ?? '').join('');
}

const UPSTREAM_REVISIONS = ['2026-07-28', '2025-11-25'] as const;

describe('@armature/proxy: an Armature HTTP upstream (a child process) behind a gateway, official SDK clients downstream', function () {
  this.timeout(60_000);
  let upstream: ChildUpstream;

  before(async () => {
    upstream = await spawnUpstream();
  });

  after(async () => {
    await upstream?.kill();
  });

  for (const upstreamRevision of UPSTREAM_REVISIONS) {
    describe(`upstream speaking MCP ${upstreamRevision}`, () => {
      let gateway: TestGateway;

      before(async () => {
        const options: McpProxyOptions = {
          url: upstream.url,
          prefix: 'up',
          upstreamRevision,
          headers: { Authorization: `Bearer ${TOKENS.proxy}` },
          forwardAuth: true,
          exclude: [/^add_/],
        };
        gateway = await startGateway([options]);
        expect(gateway.proxies[0]?.state).to.equal('up');
        expect(gateway.proxies[0]?.upstreamRevision).to.equal(upstreamRevision);
      });

      after(async () => {
        await gateway?.close();
      });

      for (const kind of DOWNSTREAM_KINDS) {
        describe(kind, () => {
          let client: Downstream;

          beforeEach(async () => {
            client = await connectDownstream(kind, gateway.url, TOKENS.alice as string);
          });

          afterEach(async () => {
            await client?.close();
            expect(client.wire.violations).to.deep.equal([]);
          });

          it('lists the upstream tools under the prefix, with their schemas, minus the excluded ones', async () => {
            const tools = await client.listTools();
            const names = tools.map((t) => t.name).sort();
            expect(names).to.include.members(['up_echo', 'up_count', 'up_wait', 'up_ask_color', 'up_haiku', 'up_whoami']);
            expect(names.every((name) => name.startsWith('up_'))).to.equal(true);
            expect(names).not.to.include('up_add_tool');
            expect(tools.find((t) => t.name === 'up_echo')?.outputSchema).to.deep.include({ required: ['text'] });
          });

          it('forwards tools/call with structured content', async () => {
            const result = await client.callTool('up_echo', { text: 'hello' });
            expect(result.isError).to.not.equal(true);
            expect(result.structuredContent).to.deep.equal({ text: 'hello' });
          });

          it('checks arguments against the upstream input schema before forwarding', async () => {
            const result = await client.callTool('up_echo', { text: 1 }).catch((error: unknown) => ({ error }));
            // The kernel answers invalid arguments itself (a tool error or -32602, per revision): never a forwarded result.
            const failed = 'error' in result || result.isError === true;
            expect(failed).to.equal(true);
          });

          it('relays the upstream progress to the downstream progress token', async () => {
            const seen: number[] = [];
            const result = await client.callTool('up_count', { to: 3 }, { onprogress: (p) => void seen.push(p.progress) });
            expect(textOf(result)).to.equal('counted to 3');
            // Progress may be paced (the kernels coalesce bursts), but it arrives, in order, up to the last step.
            expect(seen.length).to.be.at.least(1);
            expect(seen.at(-1)).to.equal(3);
            expect([...seen].sort((a, b) => a - b)).to.deep.equal(seen);
          });

          it('cancels the upstream call when the downstream client cancels', async () => {
            const label = `${upstreamRevision}-${kind}`.replace(/[^a-z0-9-]/gi, '');
            const abort = new AbortController();
            const call = client.callTool('up_wait', { label }, { signal: abort.signal, onprogress: () => abort.abort('enough') });
            await within(
              call.then(
                () => 'finished',
                () => 'aborted',
              ),
              'the cancelled call to end',
              10_000,
            );
            await eventually(
              async () =>
                textOf(await client.callTool('up_cancelled_calls', {}))
                  .split(',')
                  .includes(label),
              'the upstream to see the cancellation',
            );
          });

          it('passes an elicitation round trip from the upstream to the downstream client and back', async () => {
            client.elicit = () => ({ action: 'accept', content: { color: 'teal' } });
            expect(textOf(await client.callTool('up_ask_color', {}))).to.equal('color: teal');
            client.elicit = () => ({ action: 'decline' });
            expect(textOf(await client.callTool('up_ask_color', {}))).to.equal('no answer (decline)');
          });

          it('passes a sampling round trip from the upstream to the downstream client and back', async () => {
            expect(textOf(await client.callTool('up_haiku', {}))).to.equal('model said: autumn moonlight');
          });

          it("forwards the caller's bearer token upstream (forwardAuth)", async () => {
            expect(textOf(await client.callTool('up_whoami', {}))).to.equal('client alice');
            const bob = await connectDownstream(kind, gateway.url, TOKENS.bob as string);
            try {
              expect(textOf(await bob.callTool('up_whoami', {}))).to.equal('client bob');
            } finally {
              await bob.close();
            }
          });

          it('serves resources and templates under the prefixed URIs, with completion', async () => {
            const pad = await client.readResource('memo://up/pad');
            expect(pad.contents).to.deep.equal([{ uri: 'memo://up/pad', mimeType: 'text/plain', text: 'the pad' }]);
            const alpha = await client.readResource('memo://up/pads/alpha');
            expect(alpha.contents[0]).to.deep.include({ uri: 'memo://up/pads/alpha', text: 'pad alpha' });
            expect(await client.complete('memo://up/pads/{id}', 'id', 'a')).to.deep.equal(['alpha']);
          });

          it('serves prompts under the prefix', async () => {
            const prompt = await client.getPrompt('up_greet', { who: 'Ada' });
            expect(prompt.messages[0]?.content.text).to.equal('Say hello to Ada.');
          });

          it('relays notifications/resources/updated of a served resource to a subscribed client', async () => {
            await client.subscribe('memo://up/pad');
            await client.callTool('up_touch_pad', {});
            await eventually(() => Promise.resolve(client.heard.includes('memo://up/pad')), 'the update to arrive');
          });
        });
      }
    });
  }

  it('follows the upstream list_changed: a tool added upstream is listed downstream, and the client is told', async () => {
    const gateway = await startGateway([{ url: upstream.url, prefix: 'up', headers: { Authorization: `Bearer ${TOKENS.proxy}` } }]);
    try {
      const client = await connectDownstream('sdk-v1 (2025-11-25)', gateway.url, TOKENS.alice as string);
      try {
        expect(textOf(await client.callTool('up_add_tool', { name: 'fresh_tool' }))).to.equal('ok');
        await eventually(async () => (await client.listTools()).some((t) => t.name === 'up_fresh_tool'), 'up_fresh_tool to be listed');
        await eventually(() => Promise.resolve(client.heard.includes('tools/list_changed')), 'tools/list_changed downstream');
        expect(textOf(await client.callTool('up_fresh_tool', {}))).to.equal('added');
        expect(client.wire.violations).to.deep.equal([]);
      } finally {
        await client.close();
      }
    } finally {
      await gateway.close();
    }
  });
});
