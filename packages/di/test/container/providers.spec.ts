import { expect } from 'chai';
import { Container, Inject, Injectable, InjectionToken, Module, forwardRef } from '../../src';

abstract class Logger {
  abstract log(line: string): string;
}

@Injectable()
class ConsoleLogger extends Logger {
  log(line: string): string {
    return `console: ${line}`;
  }
}

const DB_URL = new InjectionToken<string>('DB_URL');
const PORT = 'app.port';
const DEBUG = Symbol('debug');

@Injectable()
class Database {
  constructor(
    @Inject(DB_URL) readonly url: string,
    readonly logger: Logger,
  ) {}
}

describe('providers', () => {
  it('registers a class as its own token and injects it by reflected type', async () => {
    @Injectable()
    class Clock {}
    @Injectable()
    class Scheduler {
      constructor(readonly clock: Clock) {}
    }
    @Module({ providers: [Clock, Scheduler] })
    class M {}
    const c = await Container.create(M);
    expect(c.get(Scheduler).clock).to.equal(c.get(Clock));
  });

  it('useClass binds a token (an abstract class too) to another class', async () => {
    @Module({ providers: [{ provide: Logger, useClass: ConsoleLogger }] })
    class M {}
    const c = await Container.create(M);
    const logger = c.get(Logger);
    expect(logger).to.be.instanceOf(ConsoleLogger);
    expect(logger.log('x')).to.equal('console: x');
  });

  it('useValue shares the given value under InjectionToken, string and symbol tokens', async () => {
    const config = { retries: 3 };
    @Injectable()
    class Uses {
      constructor(
        @Inject(DB_URL) readonly url: string,
        @Inject(PORT) readonly port: number,
        @Inject(DEBUG) readonly debug: boolean,
        @Inject('config') readonly config: object,
      ) {}
    }
    @Module({
      providers: [
        { provide: DB_URL, useValue: 'postgres://db' },
        { provide: PORT, useValue: 8080 },
        { provide: DEBUG, useValue: false },
        { provide: 'config', useValue: config },
        Uses,
      ],
    })
    class M {}
    const c = await Container.create(M);
    const uses = c.get(Uses);
    expect([uses.url, uses.port, uses.debug, uses.config]).to.deep.equal(['postgres://db', 8080, false, config]);
    expect(uses.config).to.equal(config);
    const url: string = c.get(DB_URL);
    expect(url).to.equal('postgres://db');
  });

  it('useValue keeps falsy values such as undefined, null and 0', async () => {
    @Module({
      providers: [
        { provide: 'u', useValue: undefined },
        { provide: 'n', useValue: null },
        { provide: 'z', useValue: 0 },
      ],
    })
    class M {}
    const c = await Container.create(M);
    expect([c.get('u'), c.get('n'), c.get('z')]).to.deep.equal([undefined, null, 0]);
  });

  it('useFactory receives its inject list in order', async () => {
    @Module({
      providers: [
        { provide: DB_URL, useValue: 'sqlite://mem' },
        { provide: Logger, useClass: ConsoleLogger },
        {
          provide: Database,
          useFactory: (url: string, logger: Logger) => new Database(`${url}?factory`, logger),
          inject: [DB_URL, Logger],
        },
      ],
    })
    class M {}
    const c = await Container.create(M);
    expect(c.get(Database).url).to.equal('sqlite://mem?factory');
    expect(c.get(Database).logger).to.equal(c.get(Logger));
  });

  it('useFactory accepts forwardRef entries in its inject list', async () => {
    @Module({
      providers: [
        { provide: 'sum', useFactory: (a: number) => a + 1, inject: [forwardRef(() => 'one')] },
        { provide: 'one', useValue: 1 },
      ],
    })
    class M {}
    expect((await Container.create(M)).get('sum')).to.equal(2);
  });

  it('useExisting aliases the very same instance', async () => {
    const LOGGER = new InjectionToken<Logger>('LOGGER');
    @Module({ providers: [ConsoleLogger, { provide: Logger, useExisting: ConsoleLogger }, { provide: LOGGER, useExisting: Logger }] })
    class M {}
    const c = await Container.create(M);
    expect(c.get(Logger)).to.equal(c.get(ConsoleLogger));
    expect(c.get(LOGGER)).to.equal(c.get(ConsoleLogger));
  });

  it('a constructor with @Inject on every parameter needs no reflected types', async () => {
    @Module({
      providers: [{ provide: DB_URL, useValue: 'x' }, { provide: Logger, useClass: ConsoleLogger }, Database],
    })
    class M {}
    const c = await Container.create(M);
    expect(c.get(Database).url).to.equal('x');
    expect(c.get(Database).logger).to.be.instanceOf(ConsoleLogger);
  });

  it('a later provider with the same token replaces an earlier one in the same module', async () => {
    @Module({
      providers: [
        { provide: 'v', useValue: 1 },
        { provide: 'v', useValue: 2 },
      ],
    })
    class M {}
    expect((await Container.create(M)).get('v')).to.equal(2);
  });

  it('an inherited constructor uses the base class metadata', async () => {
    @Injectable()
    class Dep {}
    @Injectable()
    class Base {
      constructor(readonly dep: Dep) {}
    }
    @Injectable()
    class Derived extends Base {}
    @Module({ providers: [Dep, Derived] })
    class M {}
    const c = await Container.create(M);
    expect(c.get(Derived).dep).to.equal(c.get(Dep));
  });

  it('overrides replace a declared provider wherever it is declared', async () => {
    @Injectable()
    class Store {
      name = 'real';
    }
    @Injectable()
    class User {
      constructor(readonly store: Store) {}
    }
    @Module({ providers: [Store], exports: [Store] })
    class StoreModule {}
    @Module({ imports: [StoreModule], providers: [User] })
    class M {}
    const fake = { name: 'fake' };
    const c = await Container.create(M, {
      overrides: [
        { provide: Store, useValue: fake },
        { provide: 'unused', useValue: 1 },
      ],
    });
    expect(c.get(User).store).to.equal(fake);
    expect(c.has('unused')).to.equal(false);
  });
});
