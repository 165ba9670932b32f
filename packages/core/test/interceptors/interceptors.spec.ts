import 'reflect-metadata';
import { expect } from 'chai';
import { Injectable, Module } from '@armature/di';
import { Armature } from '../../src/app/armature.app';
import { Resource } from '../../src/decorators/resource.decorator';
import { Tool } from '../../src/decorators/tool.decorator';
import type { ExecutionContext } from '../../src/guards/execution-context';
import { UseGuards } from '../../src/guards/use-guards.decorator';
import type { CallHandler, Interceptor } from '../../src/interceptors/interceptor';
import { UseInterceptors } from '../../src/interceptors/use-interceptors.decorator';
import { silentLogger } from '../../src/logging/server-logger';
import { ToolError } from '../../src/results/tool-error';
import { connectAs, firstText } from '../guards/support/authed-client';

const trail: string[] = [];
let handlerRuns = 0;

/** Records entry and exit around the rest of the chain. */
function tracer(label: string): Interceptor {
  return {
    async intercept(_context: ExecutionContext, next: CallHandler): Promise<unknown> {
      trail.push(`>${label}`);
      const value = await next.handle();
      trail.push(`<${label}`);
      return value;
    },
  };
}

@Injectable()
class Suffix {
  readonly text = '!';
}

@Injectable()
class Shout implements Interceptor {
  constructor(private readonly suffix: Suffix) {}
  async intercept(context: ExecutionContext, next: CallHandler): Promise<unknown> {
    const value = await next.handle();
    return typeof value === 'string' ? `${value.toUpperCase()}${this.suffix.text} (${context.kind} ${context.name})` : value;
  }
}

const cached: Interceptor = { intercept: () => 'from cache' };
const twice: Interceptor = {
  async intercept(_c, next) {
    const [a, b] = await Promise.all([next.handle(), next.handle()]);
    return `${String(a)}|${String(b)}`;
  },
};
const friendly: Interceptor = {
  async intercept(_c, next) {
    try {
      return await next.handle();
    } catch {
      throw new ToolError('The backend is busy; try again in a minute.');
    }
  },
};
const wrapObject: Interceptor = { intercept: async (_c, next) => ({ wrapped: await next.handle() }) };
const crashes: Interceptor = {
  intercept: () => {
    // eslint-disable-next-line no-throw-literal
    throw { secret: '/home/deploy/.env' };
  },
};

@Injectable()
@UseInterceptors(tracer('class'))
class InterceptedHandlers {
  @UseInterceptors(tracer('method'), Shout)
  @Tool()
  hello(): string {
    trail.push('handler');
    handlerRuns++;
    return 'hello';
  }

  @UseInterceptors(cached)
  @Tool()
  expensive(): string {
    handlerRuns++;
    return 'computed';
  }

  @UseInterceptors(twice)
  @Tool()
  once(): string {
    handlerRuns++;
    return `run ${handlerRuns}`;
  }

  @UseInterceptors(friendly)
  @Tool()
  flaky(): string {
    throw new Error('ECONNREFUSED 10.0.0.7:5432');
  }

  @UseInterceptors(wrapObject)
  @Tool()
  shaped(): number {
    return 7;
  }

  @UseInterceptors(crashes)
  @Tool()
  broken(): string {
    return 'never';
  }

  @UseInterceptors(Shout)
  @Resource('intercepted://greeting')
  greeting(): string {
    return 'welcome';
  }

  @UseGuards({ canActivate: () => false })
  @UseInterceptors(tracer('after-guard'))
  @Tool()
  refused(): string {
    return 'never';
  }
}

@Module({ providers: [Suffix, Shout], handlers: [InterceptedHandlers] })
class InterceptedModule {}

describe('interceptors', () => {
  let app: Armature;
  before(async () => {
    app = await Armature.create(InterceptedModule, {
      name: 'interceptors',
      version: '1.0.0',
      logger: silentLogger,
      interceptors: [tracer('global')],
    });
  });
  after(() => app.close({ drainMs: 0 }));
  beforeEach(() => {
    trail.length = 0;
    handlerRuns = 0;
  });

  it('wraps the handler global → class → method, the first outermost, and may change its value', async () => {
    const conn = await connectAs(app);
    const result = await conn.client.callTool({ name: 'hello', arguments: {} });
    expect(firstText(result)).to.equal('HELLO! (tool hello)');
    expect(trail).to.deep.equal(['>global', '>class', '>method', 'handler', '<method', '<class', '<global']);
    await conn.close();
  });

  it('can answer without calling the handler', async () => {
    const conn = await connectAs(app);
    expect(firstText(await conn.client.callTool({ name: 'expensive', arguments: {} }))).to.equal('from cache');
    expect(handlerRuns).to.equal(0);
    await conn.close();
  });

  it('runs the handler once however often next.handle() is called', async () => {
    const conn = await connectAs(app);
    expect(firstText(await conn.client.callTool({ name: 'once', arguments: {} }))).to.equal('run 1|run 1');
    expect(handlerRuns).to.equal(1);
    await conn.close();
  });

  it('can map a handler failure to a message for the model', async () => {
    const conn = await connectAs(app);
    const result = await conn.client.callTool({ name: 'flaky', arguments: {} });
    expect(result.isError).to.equal(true);
    expect(firstText(result)).to.equal('The backend is busy; try again in a minute.');
    await conn.close();
  });

  it('transforms the raw value before result shaping', async () => {
    const conn = await connectAs(app);
    const result = await conn.client.callTool({ name: 'shaped', arguments: {} });
    expect(result.structuredContent).to.deep.equal({ wrapped: 7 });
    await conn.close();
  });

  it('answers an interceptor that throws a non-Error with the generic message', async () => {
    const conn = await connectAs(app);
    const result = await conn.client.callTool({ name: 'broken', arguments: {} });
    expect(result.isError).to.equal(true);
    expect(JSON.stringify(result)).to.not.contain('deploy');
    await conn.close();
  });

  it('wraps resource reads too', async () => {
    const conn = await connectAs(app);
    const read = await conn.client.readResource({ uri: 'intercepted://greeting' });
    expect(read.contents[0]).to.deep.include({ text: 'WELCOME! (resource intercepted://greeting)' });
    await conn.close();
  });

  it('does not run when a guard refuses', async () => {
    const conn = await connectAs(app);
    expect((await conn.client.callTool({ name: 'refused', arguments: {} })).isError).to.equal(true);
    expect(trail).to.deep.equal([]);
    await conn.close();
  });
});
