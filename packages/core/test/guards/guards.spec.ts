import 'reflect-metadata';
import { expect } from 'chai';
import { Injectable, Module } from '@armature/di';
import { Armature } from '../../src/app/armature.app';
import { Prompt } from '../../src/decorators/prompt.decorator';
import { Resource } from '../../src/decorators/resource.decorator';
import { ResourceTemplate } from '../../src/decorators/resource-template.decorator';
import { Tool } from '../../src/decorators/tool.decorator';
import type { CanActivate } from '../../src/guards/can-activate';
import type { ExecutionContext } from '../../src/guards/execution-context';
import { ForbiddenError } from '../../src/guards/forbidden.error';
import { SetMetadata } from '../../src/guards/set-metadata.decorator';
import { UseGuards } from '../../src/guards/use-guards.decorator';
import { silentLogger } from '../../src/logging/server-logger';
import { RecordingLogger } from '../app/support/app-client';
import { manifestFor } from '../app/support/manifest-builder';
import { connectAs, firstText, principal, rpcError } from './support/authed-client';

const calls: string[] = [];
const seen: ExecutionContext[] = [];

@Injectable()
class Policy {
  readonly blocked = new Set<string>(['forbidden']);
}

@Injectable()
class PolicyGuard implements CanActivate {
  constructor(private readonly policy: Policy) {}
  canActivate(context: ExecutionContext): boolean {
    calls.push(`policy:${context.name}`);
    seen.push(context);
    return !this.policy.blocked.has(String(context.args.word ?? ''));
  }
}

class MethodGuard implements CanActivate {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    calls.push(`method:${context.name}`);
    const roles = context.getMetadata<string[]>('roles') ?? [];
    return roles.length === 0 || roles.includes(String(context.authInfo?.extra?.role));
  }
}

const deny: CanActivate = { canActivate: () => false };
const explain: CanActivate = {
  canActivate: () => {
    throw new ForbiddenError('Only editors may publish; ask an editor.');
  },
};
const crash: CanActivate = {
  canActivate: () => {
    throw new Error('guard exploded at /srv/secret/guard.ts:3');
  },
};
const sloppy = { canActivate: () => undefined } as unknown as CanActivate;

const MANIFEST = manifestFor({
  GuardedHandlers: { item: { kind: 'resourceTemplate', params: [{ index: 0, name: 'id', role: 'variable' }] } },
});

const SAY = { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] } as const;

@Injectable()
@UseGuards(PolicyGuard)
@SetMetadata('roles', ['reader', 'admin'])
class GuardedHandlers {
  @Tool({ inputSchema: SAY })
  say(args: { word: string }): string {
    calls.push(`handler:${args.word}`);
    return `said ${args.word}`;
  }

  @UseGuards(MethodGuard)
  @SetMetadata('roles', ['admin'])
  @Tool({ inputSchema: SAY })
  adminSay(args: { word: string }): string {
    calls.push(`handler:${args.word}`);
    return `admin said ${args.word}`;
  }

  @UseGuards(deny)
  @Tool()
  denied(): string {
    calls.push('handler:denied');
    return 'never';
  }

  @UseGuards(explain)
  @Tool()
  publish(): string {
    return 'published';
  }

  @UseGuards(crash)
  @Tool()
  crashy(): string {
    return 'never';
  }

  @UseGuards(sloppy)
  @Tool()
  sloppy(): string {
    return 'never';
  }

  @UseGuards(deny)
  @Resource('guarded://fixed')
  fixed(): string {
    return 'secret';
  }

  @UseGuards(deny)
  @ResourceTemplate('guarded://items/{id}', { complete: { id: () => ['a', 'b'] } })
  item(id: string): string {
    return `item ${id}`;
  }

  @UseGuards(deny)
  @Prompt({ arguments: [{ name: 'topic', required: true }], complete: { topic: () => ['x'] } })
  brief(args: { topic: string }): string {
    return `brief on ${args.topic}`;
  }
}

@Module({ providers: [Policy, PolicyGuard], handlers: [GuardedHandlers] })
class GuardedModule {}

describe('guards', () => {
  let app: Armature;
  const order: string[] = [];
  const globalGuard: CanActivate = {
    canActivate: (context) => {
      order.push(`global:${context.kind}`);
      return true;
    },
  };

  before(async () => {
    app = await Armature.create(GuardedModule, {
      name: 'guards',
      version: '1.0.0',
      logger: silentLogger,
      guards: [globalGuard],
      manifest: MANIFEST,
    });
  });
  after(() => app.close({ drainMs: 0 }));
  beforeEach(() => {
    calls.length = 0;
    seen.length = 0;
    order.length = 0;
  });

  it('runs global, then class, then method guards before the handler, with an ExecutionContext', async () => {
    const conn = await connectAs(app, principal(['x'], 'c', { role: 'admin' }));
    const result = await conn.client.callTool({ name: 'adminSay', arguments: { word: 'hi' } });
    expect(firstText(result)).to.equal('admin said hi');
    expect(order).to.deep.equal(['global:tool']);
    expect(calls).to.deep.equal(['policy:adminSay', 'method:adminSay', 'handler:hi']);
    const context = seen[0]!;
    expect(context.kind).to.equal('tool');
    expect(context.args).to.deep.equal({ word: 'hi' });
    expect(Object.isFrozen(context.args)).to.equal(true);
    expect(context.authInfo?.clientId).to.equal('c');
    expect(context.request.method).to.equal('tools/call');
    expect(context.getClass()).to.equal(GuardedHandlers);
    expect(context.getHandler()).to.equal(GuardedHandlers.prototype.adminSay);
    expect(context.getMetadata('roles')).to.deep.equal(['admin']);
    await conn.close();
  });

  it('reads class metadata when the method has none, and refuses with a guard that returns false', async () => {
    const conn = await connectAs(app, principal([], 'c', { role: 'reader' }));
    expect(firstText(await conn.client.callTool({ name: 'say', arguments: { word: 'ok' } }))).to.equal('said ok');
    const refused = await conn.client.callTool({ name: 'adminSay', arguments: { word: 'hi' } });
    expect(refused.isError).to.equal(true);
    expect(firstText(refused)).to.equal('Forbidden: you are not allowed to call tool "adminSay".');
    expect(calls).to.not.include('handler:hi');
    await conn.close();
  });

  it('answers a tool refusal as an isError result the model can read, and never runs the handler', async () => {
    const conn = await connectAs(app);
    const byArgs = await conn.client.callTool({ name: 'say', arguments: { word: 'forbidden' } });
    expect(byArgs.isError).to.equal(true);
    const denied = await conn.client.callTool({ name: 'denied', arguments: {} });
    expect(denied).to.deep.include({ isError: true });
    expect(calls).to.not.include('handler:denied');
    expect(calls).to.not.include('handler:forbidden');
    await conn.close();
  });

  it("sends a ForbiddenError's own message, and nothing of an unexpected guard failure", async () => {
    const conn = await connectAs(app);
    const explained = await conn.client.callTool({ name: 'publish', arguments: {} });
    expect(explained.isError).to.equal(true);
    expect(firstText(explained)).to.equal('Only editors may publish; ask an editor.');
    const crashed = await conn.client.callTool({ name: 'crashy', arguments: {} });
    expect(crashed.isError).to.equal(true);
    expect(firstText(crashed)).to.not.match(/srv|secret|exploded/);
    const sloppy = await conn.client.callTool({ name: 'sloppy', arguments: {} });
    expect(sloppy.isError, 'a guard returning undefined refuses').to.equal(true);
    await conn.close();
  });

  it('validates arguments before guards run (guards see validated arguments only)', async () => {
    const conn = await connectAs(app);
    const invalid = await conn.client.callTool({ name: 'say', arguments: { word: 42 } });
    expect(invalid.isError).to.equal(true);
    expect(calls).to.deep.equal([]);
    await conn.close();
  });

  it('answers refused resource reads, prompts and completions with JSON-RPC -32003', async () => {
    const conn = await connectAs(app);
    for (const call of [
      conn.client.readResource({ uri: 'guarded://fixed' }),
      conn.client.readResource({ uri: 'guarded://items/7' }),
      conn.client.getPrompt({ name: 'brief', arguments: { topic: 't' } }),
      conn.client.complete({ ref: { type: 'ref/prompt', name: 'brief' }, argument: { name: 'topic', value: '' } }),
      conn.client.complete({ ref: { type: 'ref/resource', uri: 'guarded://items/{id}' }, argument: { name: 'id', value: '' } }),
    ]) {
      const error = await rpcError(call);
      expect(error.code).to.equal(-32003);
      expect(error.message).to.match(/^MCP error -32003: Forbidden: you are not allowed to/);
    }
    expect(order).to.deep.equal(['global:resource', 'global:resourceTemplate', 'global:prompt', 'global:completion', 'global:completion']);
    await conn.close();
  });

  it('applies global guards to definitions registered at run time', async () => {
    const local = await Armature.create(GuardedModule, {
      name: 'g',
      version: '1',
      logger: silentLogger,
      guards: [deny],
      manifest: MANIFEST,
    });
    local.tools.register({ name: 'late', handler: () => 'late' });
    const conn = await connectAs(local);
    expect((await conn.client.callTool({ name: 'late', arguments: {} })).isError).to.equal(true);
    await conn.close();
    await local.close({ drainMs: 0 });
  });
});

describe('guard resolution at boot', () => {
  it('resolves a provided guard through DI once, as a singleton', async () => {
    const app = await Armature.create(GuardedModule, { name: 'g', version: '1', logger: silentLogger, manifest: MANIFEST });
    expect(app.get(PolicyGuard)).to.be.instanceOf(PolicyGuard);
    await app.close({ drainMs: 0 });
  });

  it('refuses a guard with dependencies that no module provides, naming the fix', async () => {
    @Injectable()
    @UseGuards(PolicyGuard)
    class Unprovided {
      @Tool() t(): string {
        return 't';
      }
    }
    @Module({ providers: [Policy], handlers: [Unprovided] })
    class M {}
    const error = await Armature.create(M, { name: 'g', version: '1', logger: new RecordingLogger() }).then(
      () => undefined,
      (e: unknown) => e as { code: string; message: string },
    );
    expect(error?.code).to.equal('ARM_ERR_INVALID_ENHANCER');
    expect(error?.message).to.contain('Unprovided.t @UseGuards: PolicyGuard takes constructor arguments but is not provided');
  });

  it('refuses request-scoped guards and things that are not guards, reporting every problem at once', async () => {
    @Injectable({ scope: 'request' })
    class PerRequest implements CanActivate {
      canActivate(): boolean {
        return true;
      }
    }
    class NotAGuard {}
    @Injectable()
    class Bad {
      @UseGuards(PerRequest) @Tool() a(): string {
        return 'a';
      }
      @UseGuards(NotAGuard as never) @Tool() b(): string {
        return 'b';
      }
      @UseGuards({ nope: true } as never) @Tool() c(): string {
        return 'c';
      }
    }
    @Module({ providers: [PerRequest], handlers: [Bad] })
    class M {}
    const error = await Armature.create(M, { name: 'g', version: '1', logger: new RecordingLogger() }).then(
      () => undefined,
      (e: unknown) => e as { code: string; message: string },
    );
    expect(error?.code).to.equal('ARM_ERR_INVALID_ENHANCER');
    expect(error?.message).to.contain('3 problems');
    expect(error?.message).to.contain('PerRequest is provided as request-scoped');
    expect(error?.message).to.contain('NotAGuard has no canActivate() method');
    expect(error?.message).to.contain('is not a guard');
  });

  it('refuses a bad global guard at create', async () => {
    const error = await Armature.create(GuardedModule, { name: 'g', version: '1', guards: [42 as never], manifest: MANIFEST }).then(
      () => undefined,
      (e: unknown) => e as { code: string },
    );
    expect(error?.code).to.equal('ARM_ERR_INVALID_ENHANCER');
  });
});
