import { expect } from 'chai';
import type { RequestContext } from '../../src/context/request-context';
import { InsufficientScopeError } from '../../src/guards/insufficient-scope.error';
import { isMcpWireError } from '../../src/errors/wire-error';
import { ToolError } from '../../src/results/tool-error';
import { compileToolCall, type ToolCallParts } from '../../src/routes/tool-call';
import { SchemaCompiler } from '../../src/validation/schema-compiler';
import { RecordingLogger } from '../app/support/app-client';

const ctx = {} as RequestContext;
const compiler = new SchemaCompiler();
const validateInput = compiler.compile(
  { type: 'object', properties: { a: { type: 'number' } }, required: ['a'], additionalProperties: false },
  'test',
);

function parts(run: ToolCallParts['run'], extra: Partial<ToolCallParts> = {}): ToolCallParts {
  return {
    name: 't',
    owner: 'T.t',
    checkScopes: null,
    limiter: null,
    sharedLimiter: null,
    validateInput,
    checkDto: null,
    run,
    shaping: null,
    logger: new RecordingLogger(),
    ...extra,
  };
}

function isPromise(value: unknown): boolean {
  return value instanceof Promise;
}

describe('tools/call pipeline (compileToolCall)', () => {
  it('answers without a promise when every step is synchronous', () => {
    const call = compileToolCall(parts((values) => `got ${String(values.a)}`));
    const result = call({ a: 1 }, ctx);
    expect(isPromise(result)).to.equal(false);
    expect(result).to.deep.equal({ content: [{ type: 'text', text: 'got 1' }] });
  });

  it('answers invalid arguments without a promise', () => {
    const result = compileToolCall(parts(() => 'never'))({ a: 'x' }, ctx);
    expect(isPromise(result)).to.equal(false);
    expect(result).to.include({ isError: true });
  });

  it('returns a promise for an async handler, with the same result shape', async () => {
    const result = compileToolCall(parts(async (values) => `got ${String(values.a)}`))({ a: 2 }, ctx);
    expect(isPromise(result)).to.equal(true);
    expect(await result).to.deep.equal({ content: [{ type: 'text', text: 'got 2' }] });
  });

  it('turns what a handler throws, synchronously or not, into the same isError result', async () => {
    const sync = compileToolCall(
      parts(() => {
        throw new ToolError('nope');
      }),
    )({ a: 1 }, ctx);
    const async = await compileToolCall(
      parts(async () => {
        throw new ToolError('nope');
      }),
    )({ a: 1 }, ctx);
    expect(sync).to.deep.equal({ content: [{ type: 'text', text: 'nope' }], isError: true });
    expect(async).to.deep.equal(sync);
  });

  it('survives a handler result whose `then` getter throws', async () => {
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('trap');
        },
      },
    );
    const logger = new RecordingLogger();
    const result = compileToolCall(parts(() => hostile, { logger }))({ a: 1 }, ctx);
    expect(await result).to.include({ isError: true });
  });

  it('throws what the client must act on, whichever way the handler failed', async () => {
    const sync = compileToolCall(
      parts(() => {
        throw new InsufficientScopeError(['write']);
      }),
    );
    expect(() => sync({ a: 1 }, ctx)).to.throw(InsufficientScopeError);
    const async = compileToolCall(
      parts(async () => {
        throw new InsufficientScopeError(['write']);
      }),
    );
    const error = await Promise.resolve(async({ a: 1 }, ctx)).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(InsufficientScopeError);
  });

  it('refuses a result its output schema rejects with -32603, logging why', () => {
    const logger = new RecordingLogger();
    const validate = compiler.compile({ type: 'object', properties: { n: { type: 'number' } }, required: ['n'] }, 'out');
    const call = compileToolCall(parts(() => ({ n: 'x' }), { logger, shaping: { validate, wrapped: false } }));
    let thrown: unknown;
    try {
      call({ a: 1 }, ctx);
    } catch (error) {
      thrown = error;
    }
    expect(isMcpWireError(thrown) && thrown.code).to.equal(-32603);
    expect(logger.errors[0]?.message).to.include('outputSchema rejects');
  });
});
