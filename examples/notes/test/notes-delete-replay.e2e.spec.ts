import { expect } from 'chai';
import { join } from 'node:path';
import type { Armature } from '@armature/core';
import { listenHttp, type HttpListenHandle } from '@armature/http';
import { checkServerMessage, ensureManifest } from '@armature/testing';
import { createNotesApp } from '../src/main';

const PROJECT = join(__dirname, '../..');
const V2026 = '2026-07-28';
const ASKS_FORMS = { elicitation: { form: {} } };
let nextId = 0;

interface Answer {
  readonly id?: unknown;
  readonly result?: Record<string, unknown> & { structuredContent?: Record<string, unknown> };
  readonly error?: { code: number; message: string };
}

/** One raw MCP 2026-07-28 `tools/call` (envelope and routing headers), its answer checked against the 2026 schema. */
async function call2026(url: string, name: string, params: Record<string, unknown>): Promise<Answer> {
  const body = {
    jsonrpc: '2.0',
    id: ++nextId,
    method: 'tools/call',
    params: {
      name,
      ...params,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': V2026,
        'io.modelcontextprotocol/clientCapabilities': ASKS_FORMS,
        'io.modelcontextprotocol/clientInfo': { name: 'replayer', version: '1.0.0' },
      },
    },
  };
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': V2026,
      'mcp-method': 'tools/call',
      'mcp-name': name,
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const answer = (await res.json()) as Answer;
  expect(checkServerMessage(answer, body), JSON.stringify(answer)).to.deep.equal([]);
  return answer;
}

/**
 * examples/notes over real Streamable HTTP with raw MCP 2026-07-28 requests: `delete` is
 * annotated `destructiveHint: true`, so the requestState of its confirmation round is single-use
 * and a replayed confirmation is refused instead of running the delete again.
 */
describe('examples/notes over HTTP (MCP 2026-07-28): a replayed delete confirmation is refused', function () {
  this.timeout(60_000);
  let app: Armature;
  let http: HttpListenHandle;
  let url: string;

  before(async () => {
    ensureManifest(PROJECT);
    app = await createNotesApp({
      logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
      requestStateKey: 'notes-replay-test-request-state-key-32bytes',
    });
    http = await listenHttp(app, { port: 0 });
    url = http.url;
  });
  after(async () => {
    await app.close({ drainMs: 0 });
    await http.close();
  });

  it('deletes once on the confirmed round; the same state and answer again get -32602 "already used"', async () => {
    const created = await call2026(url, 'create', { arguments: { title: 'Replay me', body: 'text' } });
    const id = created.result?.structuredContent?.id as string;
    const asked = await call2026(url, 'delete', { arguments: { id } });
    expect(asked.result?.resultType).to.equal('input_required');
    expect(asked.result?.inputRequests).to.have.key('confirm_delete');
    const state = asked.result?.requestState as string;
    const confirm = { confirm_delete: { action: 'accept', content: { confirm: true } } };

    const done = await call2026(url, 'delete', { arguments: { id }, requestState: state, inputResponses: confirm });
    expect(done.result?.structuredContent).to.deep.equal({ id, deleted: true });

    const replay = await call2026(url, 'delete', { arguments: { id }, requestState: state, inputResponses: confirm });
    expect(replay.error?.code).to.equal(-32602);
    expect(replay.error?.message).to.contain('already used');
  });

  it('a declined round may not be replayed as a confirmation either: the state was spent on the decline', async () => {
    const created = await call2026(url, 'create', { arguments: { title: 'Keep me', body: 'text' } });
    const id = created.result?.structuredContent?.id as string;
    const state = (await call2026(url, 'delete', { arguments: { id } })).result?.requestState as string;
    const declined = await call2026(url, 'delete', {
      arguments: { id },
      requestState: state,
      inputResponses: { confirm_delete: { action: 'decline' } },
    });
    expect(declined.result?.structuredContent).to.deep.equal({ id, deleted: false, reason: 'not-confirmed' });
    const flipped = await call2026(url, 'delete', {
      arguments: { id },
      requestState: state,
      inputResponses: { confirm_delete: { action: 'accept', content: { confirm: true } } },
    });
    expect(flipped.error?.code).to.equal(-32602);
    const read = await call2026(url, 'search', { arguments: { query: 'Keep me' } });
    expect(JSON.stringify(read.result?.structuredContent)).to.contain(id);
  });
});
