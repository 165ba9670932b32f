import 'reflect-metadata';
import { expect } from 'chai';
import { Armature, RateLimit, RETRY_AFTER_META, Tool } from '@armature/core';
import { Module } from '@armature/di';
import { checkServerMessage } from '@armature/testing';
import { type Body2026, headersFor2026, request2026 } from './support/raw-2026';
import { openSession, post, sessionHeaders } from './support/raw-http';
import { Opened } from './support/servers';

class LimitedTools {
  @RateLimit({ limit: 2, windowMs: 3_600_000, per: 'session' })
  @Tool({ description: 'Two calls an hour per session.', inputSchema: { type: 'object' } })
  greet(): string {
    return 'hello';
  }

  @RateLimit({ limit: 2, windowMs: 3_600_000, per: 'principal' })
  @Tool({ description: 'Two calls an hour per principal.', inputSchema: { type: 'object' } })
  report(): string {
    return 'report';
  }
}

@Module({ handlers: [LimitedTools] })
class LimitedModule {}

let nextId = 0;

/** A 2026 `tools/call` over HTTP, schema-checked; returns its result. */
async function call2026(url: string, name: string): Promise<Record<string, unknown>> {
  const body = request2026(`c-${++nextId}`, 'tools/call', { name, arguments: {} });
  const res = await post(url, body, headersFor2026(body));
  const answer = (await res.json()) as Body2026;
  expect(checkServerMessage(answer, body)).to.deep.equal([]);
  return answer.result!;
}

/** A 2025 `tools/call` on `session`; returns its result. */
async function call2025(url: string, session: string, name: string): Promise<Record<string, unknown>> {
  const body = { jsonrpc: '2.0', id: `s-${++nextId}`, method: 'tools/call', params: { name, arguments: {} } };
  const answer = (await (await post(url, body, sessionHeaders(session))).json()) as Body2026;
  expect(checkServerMessage(answer, body)).to.deep.equal([]);
  return answer.result!;
}

/**
 * A limit keyed by session on MCP 2026-07-28 requests, which have none: the request spends
 * its principal's budget, else its client address's (docs/guards.md), instead of a fresh
 * budget per request that would limit nothing. 2025 sessions keep a budget each.
 */
describe("Streamable HTTP: per: 'session' (and anonymous 'principal') limits on 2026 requests", () => {
  const opened = new Opened();
  let url: string;
  before(async () => {
    const app = await Armature.create(LimitedModule, {
      name: 'sessionless-limits',
      version: '1.0.0',
      manifest: { armature: 1, handlers: {} },
      logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
    });
    url = (await opened.listen(app)).url;
  });
  after(() => opened.closeAll());

  for (const name of ['greet', 'report']) {
    it(`${name}: the third 2026 call from one address is refused, with a retry hint; a 2025 session still has its own budget`, async () => {
      expect((await call2026(url, name)).isError).to.not.equal(true);
      expect((await call2026(url, name)).isError).to.not.equal(true);
      const refused = await call2026(url, name);
      expect(refused.isError).to.equal(true);
      expect(JSON.stringify(refused.content)).to.contain(`Rate limit reached for tool \\"${name}\\"`);
      expect((refused._meta as Record<string, unknown>)[RETRY_AFTER_META])
        .to.be.a('number')
        .greaterThan(0);
      const session = await openSession(url);
      expect((await call2025(url, session, name)).isError).to.not.equal(true);
    });
  }
});
