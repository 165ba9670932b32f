import 'reflect-metadata';
import { expect } from 'chai';
import fc from 'fast-check';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { Injectable, Module } from '@armature/di';
import { Armature } from '../../src/app/armature.app';
import { Tool } from '../../src/decorators/tool.decorator';
import type { JSONRPCMessage, RequestId } from '../../src/wire/mcp-types.generated';
import { silentLogger } from '../../src/logging/server-logger';
import { InMemoryTransport } from '../../src/transport/in-memory.transport';
import { waitUntil } from '../support/wait';
import { serverMessageErrors } from '../support/wire-schema';
import { fuzzRuns, fuzzSeed, fuzzTimeout } from './support/fuzz-runs';

const RUNS = fuzzRuns(300);
const params = { numRuns: RUNS, ...fuzzSeed() };

/** A rich input schema: formats, patterns, ranges, enums, nested objects, arrays, unions, defaults. */
const SCHEMA = {
  type: 'object',
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 20, pattern: '^[^<>]*$' },
    email: { type: 'string', format: 'email' },
    priority: { type: 'integer', minimum: 1, maximum: 5, default: 3 },
    ratio: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
    status: { enum: ['open', 'closed', null] },
    tags: { type: 'array', items: { type: 'string', maxLength: 5 }, maxItems: 3, uniqueItems: true },
    owner: {
      type: 'object',
      properties: { id: { type: 'string' }, role: { const: 'admin' } },
      required: ['id'],
      additionalProperties: false,
    },
    when: {
      oneOf: [
        { type: 'string', format: 'date' },
        { type: 'integer', minimum: 0 },
      ],
    },
  },
  required: ['title'],
  additionalProperties: false,
} as const;

@Injectable()
class FuzzHandlers {
  @Tool({ inputSchema: SCHEMA })
  save(args: Record<string, unknown>): { saved: Record<string, unknown> } {
    return { saved: args };
  }
}

@Module({ handlers: [FuzzHandlers] })
class FuzzModule {}

/** An independent oracle: the same schema under a separate ajv. */
const oracle = (() => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv.compile(SCHEMA);
})();

const almostValid = fc.record(
  {
    title: fc.oneof(fc.string({ maxLength: 25 }), fc.constant('<b>'), fc.integer()),
    email: fc.oneof(fc.emailAddress(), fc.string({ maxLength: 10 })),
    priority: fc.oneof(fc.integer({ min: -1, max: 7 }), fc.double(), fc.string({ maxLength: 2 })),
    ratio: fc.oneof(fc.double({ min: -0.5, max: 1.5, noNaN: true }), fc.constant(0)),
    status: fc.constantFrom('open', 'closed', null, 'pending', 1),
    tags: fc.array(fc.oneof(fc.string({ maxLength: 7 }), fc.integer()), { maxLength: 5 }),
    owner: fc.oneof(
      fc.record({ id: fc.string(), role: fc.constantFrom('admin', 'user') }, { requiredKeys: ['id'] }),
      fc.object({ maxDepth: 1 }),
    ),
    when: fc.oneof(fc.constantFrom('2024-02-29', '2023-02-29', 'yesterday'), fc.integer({ min: -2, max: 5 })),
    __proto__: fc.object({ maxDepth: 1 }),
    constructor: fc.string(),
  },
  { requiredKeys: [] },
);
const validArguments = fc.record(
  {
    title: fc.string({ minLength: 1, maxLength: 20 }).filter((t) => !/[<>]/.test(t)),
    email: fc.constantFrom('a@example.com', 'x.y@test.org'),
    priority: fc.integer({ min: 1, max: 5 }),
    ratio: fc.double({ min: 0.001, max: 1, noNaN: true }),
    status: fc.constantFrom('open', 'closed', null),
    tags: fc.uniqueArray(fc.string({ maxLength: 5 }), { maxLength: 3 }),
    owner: fc.record({ id: fc.string(), role: fc.constant('admin') }, { requiredKeys: ['id'] }),
    when: fc.oneof(fc.constant('2024-02-29'), fc.integer({ min: 0, max: 99 })),
  },
  { requiredKeys: ['title'] },
);
const anyArguments = fc.oneof(validArguments, almostValid, fc.object({ maxDepth: 3 }), fc.jsonValue({ maxDepth: 3 }));

/** A raw JSON-RPC peer on an app session that counts every response by id. */
async function rawPeer(app: Armature): Promise<{
  send: (m: Record<string, unknown>) => Promise<void>;
  responses: Map<RequestId, JSONRPCMessage[]>;
  violations: string[];
  close: () => Promise<void>;
}> {
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
  const session = await app.connect(serverEnd);
  const responses = new Map<RequestId, JSONRPCMessage[]>();
  const violations: string[] = [];
  clientEnd.onmessage = (message) => {
    const id = (message as { id?: RequestId }).id;
    if (id === undefined) return;
    violations.push(...serverMessageErrors(message, id === 'init' ? 'initialize' : 'tools/call'));
    responses.set(id, [...(responses.get(id) ?? []), message]);
  };
  await clientEnd.start();
  const send = (m: Record<string, unknown>): Promise<void> => clientEnd.send(m as unknown as JSONRPCMessage);
  await send({
    jsonrpc: '2.0',
    id: 'init',
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } },
  });
  await waitUntil(() => responses.has('init'), 'initialize');
  await send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return { send, responses, violations, close: () => session.close() };
}

describe('fuzz: argument validation through a tool', function () {
  this.timeout(fuzzTimeout(RUNS, 3));

  it('answers every call exactly once: a result for valid arguments, isError for invalid ones, -32602 for non-objects', async () => {
    const app = await Armature.create(FuzzModule, { name: 'fuzz', version: '1.0.0', logger: silentLogger });
    const peer = await rawPeer(app);
    let next = 0;
    const seen = { valid: 0, invalid: 0, notObject: 0 };
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(anyArguments, { minLength: 1, maxLength: 8 }), async (batch) => {
          const ids = batch.map(() => ++next);
          // A batch in flight at once, as a client would pipeline them.
          await Promise.all(
            batch.map((args, i) =>
              peer.send({ jsonrpc: '2.0', id: ids[i], method: 'tools/call', params: { name: 'save', arguments: args } }),
            ),
          );
          await waitUntil(() => ids.every((id) => peer.responses.has(id)), 'every response');
          await new Promise((resolve) => setImmediate(resolve));
          batch.forEach((args, i) => {
            const answers = peer.responses.get(ids[i] as number) ?? [];
            expect(answers, 'exactly one response').to.have.length(1);
            const answer = answers[0] as { result?: { isError?: boolean; structuredContent?: unknown }; error?: { code: number } };
            const wire: unknown = JSON.parse(JSON.stringify(args));
            if (typeof wire !== 'object' || wire === null || Array.isArray(wire)) {
              expect(answer.error?.code, JSON.stringify(args)).to.equal(-32602);
              seen.notObject++;
              return;
            }
            const valid = oracle(structuredClone(wire));
            seen[valid ? 'valid' : 'invalid']++;
            expect(answer.result?.isError === true, `${JSON.stringify(wire)} valid=${String(valid)}`).to.equal(!valid);
            if (valid)
              expect((answer.result?.structuredContent as { saved: Record<string, unknown> }).saved.title).to.equal(
                (wire as { title: unknown }).title,
              );
          });
        }),
        params,
      );
      expect(peer.violations).to.deep.equal([]);
      // The property is not vacuous: every kind of outcome occurred.
      expect(seen.valid, JSON.stringify(seen)).to.be.greaterThan(0);
      expect(seen.invalid, JSON.stringify(seen)).to.be.greaterThan(0);
      expect(seen.notObject, JSON.stringify(seen)).to.be.greaterThan(0);
      expect(({} as { polluted?: unknown }).polluted).to.equal(undefined);
    } finally {
      await peer.close();
      await app.close({ drainMs: 0 });
    }
  });
});
