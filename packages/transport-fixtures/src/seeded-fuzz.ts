// The seeded fuzz corpus of hostile input, shared by the fuzz specs of every transport (stdio in
// @armature/core, Streamable HTTP, WebSocket): valid JSON-RPC requests, each edited a few times
// at random, replayable from a seed. Pure data: each spec sends the messages its own way.

/** The id a request may carry and the server must echo. */
export type FuzzId = string | number;

/** Seed and size of a run: `ARMATURE_FUZZ_SEED` and `ARMATURE_FUZZ_MESSAGES` replay or resize one. */
export function fuzzSettings(defaultMessages = 20_000): { readonly seed: number; readonly messages: number } {
  return {
    seed: Number(process.env.ARMATURE_FUZZ_SEED ?? 0x16_2026),
    messages: Number(process.env.ARMATURE_FUZZ_MESSAGES ?? defaultMessages),
  };
}

/** mulberry32: a small seeded PRNG, so a failing run can be replayed from its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** JSON punctuation, literals' letters, digits, control characters, a BMP letter and U+2028: never a line break. */
const ALPHABET = '{}[]":,\\ 0123456789-.eEtruefalsnl\u0000\u001f\u00e9\u2028abcxyz';

/** One message of the corpus: the request it was made from, and its text after the edits. */
export interface FuzzMessage {
  /** The valid request before the edits (a transport may derive headers from it). */
  readonly base: { readonly jsonrpc: '2.0'; readonly id: string; readonly method: string; readonly params?: Record<string, unknown> };
  readonly text: string;
  /** The id the server must answer this text under, if any (`answeredId`). */
  readonly id: FuzzId | undefined;
}

/**
 * The four requests a message starts from: `tools/call echo {text}`, `tools/list`, `ping`,
 * `resources/read` of a missing URI. `envelope` is added as `params._meta` (MCP 2026-07-28).
 */
function baseRequests(n: number, envelope: Record<string, unknown> | undefined): FuzzMessage['base'][] {
  const id = `f${n}`;
  const withMeta = (params: Record<string, unknown> | undefined): Record<string, unknown> | undefined =>
    envelope === undefined ? params : { ...params, _meta: envelope };
  const request = (method: string, params?: Record<string, unknown>): FuzzMessage['base'] => {
    const full = withMeta(params);
    return full === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params: full };
  };
  return [
    request('tools/call', { name: 'echo', arguments: { text: `t${n}` } }),
    request('tools/list'),
    request('ping'),
    request('resources/read', { uri: 'fuzz://missing' }),
  ];
}

/** Up to three random edits of `text`: a character deleted, inserted or replaced. */
function mutate(text: string, random: () => number): string {
  let out = text;
  const edits = Math.floor(random() * 4);
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(random() * out.length);
    const kind = random();
    const char = ALPHABET[Math.floor(random() * ALPHABET.length)] ?? 'x';
    if (kind < 0.4) out = out.slice(0, at) + out.slice(at + 1);
    else if (kind < 0.8) out = out.slice(0, at) + char + out.slice(at);
    else out = out.slice(0, at) + char + out.slice(at + 1);
  }
  return out;
}

/**
 * `count` messages from `seed`: message n starts as one of the base requests with id `f<n>`
 * (plus `envelope` as `_meta`), then gets up to three random edits. The same seed gives the
 * same corpus.
 */
export function fuzzMessages(seed: number, count: number, envelope?: Record<string, unknown>): FuzzMessage[] {
  const random = seededRandom(seed);
  const messages: FuzzMessage[] = [];
  for (let n = 0; n < count; n++) {
    const bases = baseRequests(n, envelope);
    const base = bases[Math.floor(random() * bases.length)] as FuzzMessage['base'];
    const text = mutate(JSON.stringify(base), random);
    messages.push({ base, text, id: answeredId(text) });
  }
  return messages;
}

/**
 * The id a message must be answered under, if any: a JSON object with a usable id (a string
 * of at most 256 characters, or a safe integer) that is a request or no message at all (a
 * response is never answered). Edits can give two messages one id (`f170` → `f17`), so
 * answers are counted per id (`idsNotAnsweredOnce`).
 */
export function answeredId(text: string): FuzzId | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const m = value as { id?: unknown; method?: unknown; result?: unknown; error?: unknown };
  const id = m.id;
  if (!((typeof id === 'string' && id.length <= 256) || (typeof id === 'number' && Number.isSafeInteger(id)))) return undefined;
  return m.method !== undefined || (m.result === undefined && m.error === undefined) ? id : undefined;
}

/** How many messages of `messages` must be answered under each id. */
export function expectedAnswers(messages: readonly FuzzMessage[]): Map<FuzzId, number> {
  const expected = new Map<FuzzId, number>();
  for (const { id } of messages) if (id !== undefined) expected.set(id, (expected.get(id) ?? 0) + 1);
  return expected;
}

/** Ids answered a different number of times than expected, as `[id, expected, answered]` (at most `limit`). */
export function idsNotAnsweredOnce(
  expected: ReadonlyMap<unknown, number>,
  answers: ReadonlyMap<unknown, number>,
  limit = 5,
): [unknown, number | undefined, number | undefined][] {
  const ids = new Set([...expected.keys(), ...answers.keys()]);
  return [...ids]
    .filter((id) => answers.get(id) !== expected.get(id))
    .slice(0, limit)
    .map((id) => [id, expected.get(id), answers.get(id)]);
}

const PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
const CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
const CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
const LOG_LEVEL = 'io.modelcontextprotocol/logLevel';

/** `values[i]` for a random `i`. */
function pick<T>(values: readonly T[], random: () => number): T {
  return values[Math.floor(random() * values.length)] as T;
}

/** Capability sets, valid and not: the server must refuse what the 2026 schema rejects, never crash. */
const CAPABILITIES: readonly unknown[] = [
  {},
  { elicitation: { form: {} } },
  { elicitation: {} },
  { elicitation: 'yes' },
  { elicitation: { form: true } },
  { sampling: { tools: {} }, roots: {} },
  { roots: [] },
  { extensions: { 'io.modelcontextprotocol/tasks': {} } },
  { extensions: { 'x/y': 1 } },
  null,
  'all',
];

/** A 2026 `_meta` envelope, often valid, sometimes with a wrong version, capability, client info or log level. */
function fuzzEnvelope(random: () => number): Record<string, unknown> {
  const meta: Record<string, unknown> = {
    [PROTOCOL_VERSION]: random() < 0.85 ? '2026-07-28' : pick(['2025-11-25', '2099-01-01', '', 7, 'x'.repeat(300)], random),
    [CLIENT_CAPABILITIES]: random() < 0.5 ? { elicitation: { form: {} } } : pick(CAPABILITIES, random),
  };
  if (random() < 0.1) delete meta[CLIENT_CAPABILITIES];
  const info = random();
  if (info < 0.7) meta[CLIENT_INFO] = { name: 'fuzz', version: '1.0.0' };
  else if (info < 0.8) meta[CLIENT_INFO] = { name: 3 };
  if (random() < 0.2) meta[LOG_LEVEL] = pick(['debug', 'error', 'loud', 0], random);
  return meta;
}

/** `inputResponses` as a hostile client sends them: the asked key or not, answers of every shape. */
function fuzzInputResponses(random: () => number): unknown {
  const answer = pick<unknown>(
    [
      { action: 'accept', content: { name: 'Ada' } },
      { action: 'decline' },
      { action: 'accept', content: { name: 'j'.repeat(2048) } },
      { action: 'maybe' },
      'yes',
      [],
      null,
    ],
    random,
  );
  const key = pick(['name', 'elicit-1', 'unasked', '__proto__', 'k'.repeat(100)], random);
  return random() < 0.1 ? pick<unknown>(['str', [], 7], random) : { [key]: answer };
}

/** A `requestState` that is not one the server issued: garbage, or the right shape with a wrong MAC. */
function fuzzRequestState(random: () => number): unknown {
  return pick<unknown>(['', 'v1', 'v1.e30.AAAA', `v1.${'A'.repeat(400)}.${'B'.repeat(43)}`, 'v2.x.y', 17, { v: 1 }], random);
}

/**
 * The MCP 2026-07-28 requests a message starts from: `tools/call echo`, `tools/list`,
 * `server/discover`, `resources/read` of a missing URI, and `tools/call` of `askTool` (a tool
 * that elicits) with random `inputResponses` and `requestState`; each with a random envelope
 * (`fuzzEnvelope`), mostly valid.
 */
function baseRequests2026(n: number, random: () => number, askTool: string): FuzzMessage['base'] {
  const id = `f${n}`;
  const meta = fuzzEnvelope(random);
  const request = (method: string, params: Record<string, unknown> = {}): FuzzMessage['base'] => ({
    jsonrpc: '2.0',
    id,
    method,
    params: { ...params, _meta: meta },
  });
  const choice = random();
  if (choice < 0.2) return request('tools/call', { name: 'echo', arguments: { text: `t${n}` } });
  if (choice < 0.3) return request('tools/list');
  if (choice < 0.4) return request('server/discover');
  if (choice < 0.5) return request('resources/read', { uri: 'fuzz://missing' });
  const params: Record<string, unknown> = { name: askTool, arguments: {} };
  if (random() < 0.8) params.inputResponses = fuzzInputResponses(random);
  if (random() < 0.5) params.requestState = fuzzRequestState(random);
  return request('tools/call', params);
}

/**
 * `count` MCP 2026-07-28 messages from `seed`: message n starts as one of `baseRequests2026`
 * (id `f<n>`, a random envelope, `inputResponses` and `requestState` on the eliciting tool
 * `askTool`), then gets up to three random edits. The same seed gives the same corpus.
 */
export function fuzzMessages2026(seed: number, count: number, askTool = 'ask'): FuzzMessage[] {
  const random = seededRandom(seed);
  const messages: FuzzMessage[] = [];
  for (let n = 0; n < count; n++) {
    const base = baseRequests2026(n, random, askTool);
    const text = mutate(JSON.stringify(base), random);
    messages.push({ base, text, id: answeredId(text) });
  }
  return messages;
}

/**
 * The Streamable HTTP headers of a 2026 message, as a sloppy or hostile client sends them: mostly
 * what the request before its edits implies (version, `Mcp-Method`, `Mcp-Name`), sometimes one
 * missing, wrong or oversized, or with an `Mcp-Session-Id` the request should not carry. Seeded
 * by the message's index, so a corpus replays with its headers.
 */
export function fuzzHeaders2026(message: FuzzMessage, index: number, seed: number): Record<string, string> {
  const random = seededRandom(seed ^ Math.imul(index + 1, 0x9e3779b1));
  const { method, params } = message.base;
  const headers: Record<string, string> = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method };
  const name = params?.name ?? params?.uri;
  if (typeof name === 'string') headers['mcp-name'] = name;
  const edit = random();
  if (edit < 0.05) delete headers['mcp-protocol-version'];
  else if (edit < 0.1) headers['mcp-protocol-version'] = pick(['2025-11-25', '2099-01-01', 'nope'], random);
  else if (edit < 0.15) delete headers['mcp-method'];
  else if (edit < 0.2) headers['mcp-method'] = pick(['tools/list', 'initialize', 'x'], random);
  else if (edit < 0.25) headers['mcp-name'] = pick(['other', '=?base64?!!?=', 'n'.repeat(1000)], random);
  else if (edit < 0.3) headers['mcp-session-id'] = pick(['unknown-session', 'x'.repeat(200)], random);
  return headers;
}
