import { expect } from 'chai';
import { Container, Inject, Injectable, Module } from '../../src';
import { rejection } from '../support/errors';

describe('async factories', () => {
  it('a singleton async factory is awaited during create; dependents get the resolved value', async () => {
    @Injectable()
    class Repo {
      constructor(@Inject('conn') readonly conn: { open: boolean }) {}
    }
    @Module({
      providers: [
        { provide: 'url', useValue: 'pg://x' },
        { provide: 'conn', useFactory: async (url: string) => ({ open: await Promise.resolve(url === 'pg://x') }), inject: ['url'] },
        Repo,
      ],
    })
    class M {}
    const c = await Container.create(M);
    expect(c.get<{ open: boolean }>('conn')).to.deep.equal({ open: true });
    expect(c.get(Repo).conn).to.equal(c.get('conn'));
  });

  it('an async request-scoped factory runs once per request context', async () => {
    let runs = 0;
    @Module({ providers: [{ provide: 'tx', scope: 'request', useFactory: async () => ({ n: await Promise.resolve(++runs) }) }] })
    class M {}
    const c = await Container.create(M);
    const r1 = c.createContext('request');
    const [a, b] = await Promise.all([r1.resolve('tx'), r1.resolve('tx')]);
    expect(a).to.equal(b);
    expect(await c.createContext('request').resolve('tx')).to.deep.equal({ n: 2 });
  });

  it('a rejecting factory fails with the path and keeps the cause; a later resolve retries', async () => {
    let attempt = 0;
    @Injectable({ scope: 'request' })
    class User {
      constructor(@Inject('flaky') readonly flaky: number) {}
    }
    @Module({
      providers: [
        { provide: 'flaky', scope: 'request', useFactory: async () => (++attempt === 1 ? Promise.reject(new Error('timeout')) : attempt) },
        User,
      ],
    })
    class M {}
    const c = await Container.create(M);
    const ctx = c.createContext('request');
    const err = await rejection(ctx.resolve(User));
    expect(err.message).to.equal("ARM_ERR_PROVIDER_FAILED: cannot resolve User -> 'flaky': the factory of 'flaky' threw: timeout");
    expect((err.cause as Error).message).to.equal('timeout');
    expect((await ctx.resolve(User)).flaky).to.equal(2);
  });

  it('optional factory dependencies receive undefined when absent', async () => {
    @Module({
      providers: [
        { provide: 'present', useValue: 'p' },
        {
          provide: 'joined',
          useFactory: (a: string, b: string | undefined) => `${a}:${String(b)}`,
          inject: ['present', { token: 'absent', optional: true }],
        },
      ],
    })
    class M {}
    expect((await Container.create(M)).get('joined')).to.equal('p:undefined');
  });
});
