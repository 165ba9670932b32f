import { expect } from 'chai';
import { Container, Injectable, Module, type OnDispose, type OnInit, type OnShutdown } from '../../src';
import { rejection } from '../support/errors';

describe('lifecycle', () => {
  it('onInit runs on singletons in dependency order during create, each awaited', async () => {
    const log: string[] = [];
    @Injectable()
    class Config implements OnInit {
      ready = false;
      async onInit(): Promise<void> {
        await Promise.resolve();
        this.ready = true;
        log.push('Config');
      }
    }
    @Injectable()
    class Db implements OnInit {
      constructor(readonly config: Config) {
        log.push(`Db sees config ready=${config.ready}`);
      }
      onInit(): void {
        log.push('Db');
      }
    }
    @Injectable()
    class Api implements OnInit {
      constructor(readonly db: Db) {}
      onInit(): void {
        log.push('Api');
      }
    }
    @Module({ providers: [Api, Db, Config] })
    class M {}
    await Container.create(M);
    expect(log).to.deep.equal(['Config', 'Db sees config ready=true', 'Db', 'Api']);
  });

  it('onShutdown runs in reverse creation order on close(), once', async () => {
    const log: string[] = [];
    const hook = (name: string) => () => void log.push(name);
    @Injectable()
    class A implements OnShutdown {
      onShutdown = hook('A');
    }
    @Injectable()
    class B implements OnShutdown {
      constructor(readonly a: A) {}
      onShutdown = hook('B');
    }
    @Injectable()
    class C implements OnShutdown {
      constructor(readonly b: B) {}
      async onShutdown(): Promise<void> {
        await Promise.resolve();
        log.push('C');
      }
    }
    @Module({ providers: [C, B, A] })
    class M {}
    const c = await Container.create(M);
    await Promise.all([c.close(), c.close()]);
    await c.close();
    expect(log).to.deep.equal(['C', 'B', 'A']);
  });

  it('close() runs every onShutdown even when some throw, then reports them together', async () => {
    const log: string[] = [];
    @Injectable()
    class A implements OnShutdown {
      onShutdown(): void {
        log.push('A');
        throw new Error('a broke');
      }
    }
    @Injectable()
    class B implements OnShutdown {
      constructor(readonly a: A) {}
      onShutdown(): void {
        log.push('B');
      }
    }
    @Injectable()
    class C implements OnShutdown {
      constructor(readonly b: B) {}
      onShutdown(): Promise<void> {
        log.push('C');
        return Promise.reject(new Error('c broke'));
      }
    }
    @Module({ providers: [C, B, A] })
    class M {}
    const c = await Container.create(M);
    const err = await rejection(c.close());
    expect(log).to.deep.equal(['C', 'B', 'A']);
    expect(err.message).to.equal(
      'ARM_ERR_SHUTDOWN_FAILED: 2 onShutdown hooks failed in the container (every hook still ran): C: c broke; A: a broke.',
    );
    expect((err.cause as AggregateError).errors.map((e: Error) => e.message)).to.deep.equal(['c broke', 'a broke']);
    expect(await rejection(c.close())).to.equal(err);
  });

  it('the container refuses use after close()', async () => {
    @Module({ providers: [{ provide: 'x', useValue: 1 }] })
    class M {}
    const c = await Container.create(M);
    await c.close();
    expect(() => c.get('x')).to.throw('ARM_ERR_CONTAINER_CLOSED: the container was closed; create a new one.');
    expect((await rejection(c.resolve('x'))).code).to.equal('ARM_ERR_CONTAINER_CLOSED');
    expect(() => c.createContext('session')).to.throw(/ARM_ERR_CONTAINER_CLOSED/);
  });

  it('a failing constructor or onInit fails create with the path, after shutting down what was built', async () => {
    const log: string[] = [];
    @Injectable()
    class Early implements OnShutdown {
      onShutdown(): void {
        log.push('Early shut down');
      }
    }
    @Injectable()
    class Broken implements OnInit {
      constructor(readonly early: Early) {}
      onInit(): void {
        throw new Error('cannot connect');
      }
    }
    @Injectable()
    class Top {
      constructor(readonly broken: Broken) {}
    }
    @Module({ providers: [Top, Broken, Early] })
    class M {}
    const err = await rejection(Container.create(M));
    expect(err.message).to.equal('ARM_ERR_PROVIDER_FAILED: cannot resolve Top -> Broken: the onInit of Broken threw: cannot connect');
    expect((err.cause as Error).message).to.equal('cannot connect');
    expect(log).to.deep.equal(['Early shut down']);

    @Injectable()
    class Throws {
      constructor() {
        throw new TypeError('bad');
      }
    }
    @Module({ providers: [Throws] })
    class M2 {}
    expect((await rejection(Container.create(M2))).message).to.equal(
      'ARM_ERR_PROVIDER_FAILED: cannot resolve Throws: the constructor of Throws threw: bad',
    );
  });

  it('a request context disposes its instances in reverse creation order, all of them, once', async () => {
    const log: string[] = [];
    @Injectable({ scope: 'session' })
    class Sess implements OnDispose {
      onDispose(): void {
        log.push('Sess');
      }
    }
    @Injectable({ scope: 'request' })
    class Tx implements OnDispose {
      constructor(readonly sess: Sess) {}
      async onDispose(): Promise<void> {
        await Promise.resolve();
        log.push('Tx');
      }
    }
    @Injectable({ scope: 'transient' })
    class Helper implements OnDispose {
      onDispose(): void {
        log.push('Helper');
      }
    }
    @Injectable({ scope: 'request' })
    class Handler implements OnDispose, OnShutdown {
      constructor(
        readonly tx: Tx,
        readonly helper: Helper,
      ) {}
      onDispose(): void {
        log.push('Handler');
      }
      onShutdown(): void {
        log.push('never: request instances are not shut down');
      }
    }
    @Module({ providers: [Sess, Tx, Helper, Handler] })
    class M {}
    const c = await Container.create(M);
    const session = c.createContext('session');
    const request = c.createContext('request', session);
    await request.resolve(Handler);
    expect(request.disposed).to.equal(false);
    await Promise.all([request.dispose(), request.dispose()]);
    expect(request.disposed).to.equal(true);
    expect(log).to.deep.equal(['Handler', 'Helper', 'Tx']);
    await session.dispose();
    await c.close();
    expect(log).to.deep.equal(['Handler', 'Helper', 'Tx', 'Sess']);
  });

  it('dispose runs every onDispose even if some throw, and reports the failures together', async () => {
    const log: string[] = [];
    @Injectable({ scope: 'request' })
    class A implements OnDispose {
      onDispose(): void {
        log.push('A');
        throw new Error('a failed');
      }
    }
    @Injectable({ scope: 'request' })
    class B implements OnDispose {
      constructor(readonly a: A) {}
      onDispose(): void {
        log.push('B');
      }
    }
    @Injectable({ scope: 'request' })
    class C implements OnDispose {
      constructor(readonly b: B) {}
      onDispose(): void {
        log.push('C');
        throw new Error('c failed');
      }
    }
    @Module({ providers: [A, B, C] })
    class M {}
    const c = await Container.create(M);
    const ctx = c.createContext('request');
    await ctx.resolve(C);
    const err = await rejection(ctx.dispose());
    expect(log).to.deep.equal(['C', 'B', 'A']);
    expect(err.message).to.equal(
      'ARM_ERR_DISPOSE_FAILED: 2 onDispose hooks failed in the request context (every hook still ran): C: c failed; A: a failed.',
    );
    expect(await rejection(ctx.dispose())).to.equal(err);
    expect(log).to.have.length(3);
  });

  it('a disposed context refuses further use, and so do request contexts of a disposed session', async () => {
    @Injectable({ scope: 'session' })
    class S {}
    @Module({ providers: [S, { provide: 'v', scope: 'request', fromContext: true }] })
    class M {}
    const c = await Container.create(M);
    const session = c.createContext('session');
    const request = c.createContext('request', session);
    await session.dispose();
    expect((await rejection(session.resolve(S))).message).to.equal(
      'ARM_ERR_CONTEXT_DISPOSED: this session context was disposed; create a new one.',
    );
    expect((await rejection(request.resolve(S))).message).to.equal(
      'ARM_ERR_CONTEXT_DISPOSED: the session context of this request context was disposed.',
    );
    await request.dispose();
    expect(() => request.provide('v', 1)).to.throw(/ARM_ERR_CONTEXT_DISPOSED/);
  });

  it('dispose waits for a creation in progress, then disposes it too', async () => {
    const log: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    @Injectable({ scope: 'request' })
    class Slow implements OnInit, OnDispose {
      async onInit(): Promise<void> {
        await gate;
        log.push('init');
      }
      onDispose(): void {
        log.push('dispose');
      }
    }
    @Module({ providers: [Slow] })
    class M {}
    const c = await Container.create(M);
    const ctx = c.createContext('request');
    const resolving = ctx.resolve(Slow);
    const disposing = ctx.dispose();
    release();
    await Promise.all([resolving, disposing]);
    expect(log).to.deep.equal(['init', 'dispose']);
  });

  it('value providers get no lifecycle hooks; factory results do', async () => {
    const log: string[] = [];
    const value = { onInit: () => log.push('value init'), onShutdown: () => log.push('value shutdown') };
    @Module({
      providers: [
        { provide: 'value', useValue: value },
        { provide: 'made', useFactory: () => ({ onInit: () => log.push('made init'), onShutdown: () => log.push('made shutdown') }) },
      ],
    })
    class M {}
    const c = await Container.create(M);
    await c.close();
    expect(log).to.deep.equal(['made init', 'made shutdown']);
  });

  it('transients built for singletons are shut down with the container; those for callers are not tracked', async () => {
    const log: string[] = [];
    @Injectable({ scope: 'transient' })
    class Part implements OnShutdown, OnDispose {
      onShutdown(): void {
        log.push('part shutdown');
      }
      onDispose(): void {
        log.push('part dispose');
      }
    }
    @Injectable()
    class Whole {
      constructor(readonly part: Part) {}
    }
    @Module({ providers: [Part, Whole] })
    class M {}
    const c = await Container.create(M);
    await c.resolve(Part);
    const ctx = c.createContext('request');
    await ctx.resolve(Part);
    await ctx.dispose();
    await c.close();
    expect(log).to.deep.equal(['part dispose', 'part shutdown']);
  });
});
