import { expect } from 'chai';
import type { RequestContext } from '../../src/context/request-context';
import type { RouteDescriptor } from '../../src/guards/execution-context';
import { compileEnhance, type Invoke, withEnhancers } from '../../src/routes/route-pipeline';

const route: RouteDescriptor = { kind: 'tool', name: 't', handlerClass: undefined, method: 't', fn: () => undefined };
const ctx = { authInfo: undefined } as unknown as RequestContext;

describe('route pipeline', () => {
  it('is the bare call itself when a route has no guards or interceptors (nothing on the hot path)', () => {
    const bare: Invoke = () => Promise.resolve('bare');
    expect(withEnhancers(bare, route, null)).to.equal(bare);
    expect(withEnhancers(bare, route, { guards: [], interceptors: [] })).to.equal(bare);
    expect(compileEnhance(route, null)).to.equal(null);
  });

  it('lets only a literal true through a guard', async () => {
    const bare: Invoke = () => Promise.resolve('ran');
    for (const verdict of [false, undefined, 1, 'yes', null]) {
      const invoke = withEnhancers(bare, route, { guards: [{ canActivate: () => verdict as boolean }], interceptors: [] });
      const error = await invoke({}, ctx).then(
        () => undefined,
        (e: unknown) => e as { code: number },
      );
      expect(error?.code, String(verdict)).to.equal(-32003);
    }
    const open = withEnhancers(bare, route, { guards: [{ canActivate: async () => true }], interceptors: [] });
    expect(await open({}, ctx)).to.equal('ran');
  });

  it('turns an interceptor that throws synchronously into a rejection', async () => {
    const invoke = withEnhancers(() => Promise.resolve('x'), route, {
      guards: [],
      interceptors: [
        {
          intercept: () => {
            throw new Error('sync');
          },
        },
      ],
    });
    const error = await invoke({}, ctx).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).to.equal('sync');
  });
});
