import 'reflect-metadata';
import { expect } from 'chai';
import { Injectable, Module } from '@armature/di';
import { Armature } from '../../src/app/armature.app';
import { Tool } from '../../src/decorators/tool.decorator';
import { silentLogger } from '../../src/logging/server-logger';
import { RateLimit } from '../../src/rate-limit/rate-limit.decorator';
import { RETRY_AFTER_META } from '../../src/rate-limit/rate-limit-result';
import { connectAs, firstText, principal } from '../guards/support/authed-client';

const HOUR = 3_600_000;
let runs = 0;

@Injectable()
@RateLimit({ limit: 2, windowMs: HOUR })
class LimitedHandlers {
  @Tool()
  search(): string {
    runs++;
    return 'results';
  }

  @RateLimit({ limit: 1, windowMs: HOUR, per: 'principal' })
  @Tool()
  export(): string {
    runs++;
    return 'exported';
  }

  @Tool({ rateLimit: false })
  health(): string {
    return 'ok';
  }
}

@Injectable()
class FreeHandlers {
  @Tool()
  echo(): string {
    return 'echo';
  }
}

@Module({ handlers: [LimitedHandlers, FreeHandlers] })
class LimitedModule {}

function retryAfter(result: { _meta?: Record<string, unknown> }): number {
  return result._meta?.[RETRY_AFTER_META] as number;
}

describe('rate limits in an app', () => {
  let app: Armature;
  before(async () => {
    app = await Armature.create(LimitedModule, { name: 'limits', version: '1.0.0', logger: silentLogger });
  });
  after(() => app.close({ drainMs: 0 }));

  it('refuses calls over the limit with an isError result saying when to retry, without running the tool', async () => {
    const conn = await connectAs(app);
    runs = 0;
    expect(firstText(await conn.client.callTool({ name: 'search', arguments: {} }))).to.equal('results');
    expect(firstText(await conn.client.callTool({ name: 'search', arguments: {} }))).to.equal('results');
    const refused = await conn.client.callTool({ name: 'search', arguments: {} });
    expect(refused.isError).to.equal(true);
    expect(firstText(refused)).to.match(
      /^Rate limit reached for tool "search": too many calls\. Try again in \d+ minutes?( \d+ seconds?)?\.$/,
    );
    const seconds = retryAfter(refused);
    expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= 1800).to.equal(true);
    expect(runs).to.equal(2);
    await conn.close();
  });

  it('keeps sessions apart by default and principals together with per: principal', async () => {
    const a = await connectAs(app, principal([], 'shared-client'));
    const b = await connectAs(app, principal([], 'shared-client'));
    expect(firstText(await a.client.callTool({ name: 'search', arguments: {} }))).to.equal('results');
    expect(firstText(await b.client.callTool({ name: 'search', arguments: {} }))).to.equal('results');
    expect(firstText(await a.client.callTool({ name: 'export', arguments: {} }))).to.equal('exported');
    expect((await b.client.callTool({ name: 'export', arguments: {} })).isError, 'same principal, other session').to.equal(true);
    await a.close();
    await b.close();
  });

  it('lets a tool opt out, and leaves tools without a limit alone', async () => {
    const conn = await connectAs(app);
    for (let i = 0; i < 5; i++) {
      expect(firstText(await conn.client.callTool({ name: 'health', arguments: {} }))).to.equal('ok');
      expect(firstText(await conn.client.callTool({ name: 'echo', arguments: {} }))).to.equal('echo');
    }
    await conn.close();
  });

  it('applies an app-wide limit shared by every tool call, on top of the tools own', async () => {
    const shared = await Armature.create(LimitedModule, {
      name: 'shared',
      version: '1',
      logger: silentLogger,
      rateLimit: { limit: 3, windowMs: HOUR },
    });
    const conn = await connectAs(shared);
    expect(firstText(await conn.client.callTool({ name: 'echo', arguments: {} }))).to.equal('echo');
    expect(firstText(await conn.client.callTool({ name: 'search', arguments: {} }))).to.equal('results');
    expect(firstText(await conn.client.callTool({ name: 'echo', arguments: {} }))).to.equal('echo');
    const refused = await conn.client.callTool({ name: 'echo', arguments: {} });
    expect(refused.isError).to.equal(true);
    expect(firstText(refused)).to.contain('Rate limit reached for tool "echo"');
    expect(firstText(await conn.client.callTool({ name: 'health', arguments: {} })), 'rateLimit: false is exempt').to.equal('ok');
    await conn.close();
    await shared.close({ drainMs: 0 });
  });

  it('limits definitions registered at run time, and refuses bad limits at boot', async () => {
    const local = await Armature.create(LimitedModule, { name: 'l', version: '1', logger: silentLogger });
    local.tools.register({ name: 'once', rateLimit: { limit: 1, windowMs: HOUR }, handler: () => 'once' });
    const conn = await connectAs(local);
    expect(firstText(await conn.client.callTool({ name: 'once', arguments: {} }))).to.equal('once');
    expect((await conn.client.callTool({ name: 'once', arguments: {} })).isError).to.equal(true);
    await conn.close();
    expect(() => local.tools.register({ name: 'bad', rateLimit: { limit: -1, windowMs: 1 }, handler: () => 'x' }))
      .to.throw()
      .with.property('code', 'ARM_ERR_INVALID_RATE_LIMIT');
    await local.close({ drainMs: 0 });
    const error = await Armature.create(LimitedModule, {
      name: 'l',
      version: '1',
      logger: silentLogger,
      rateLimit: { limit: 1 } as never,
    }).then(
      () => undefined,
      (e: unknown) => e as { code: string },
    );
    expect(error?.code).to.equal('ARM_ERR_INVALID_RATE_LIMIT');
  });
});
