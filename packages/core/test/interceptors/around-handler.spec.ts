import 'reflect-metadata';
import { expect } from 'chai';
import { Injectable, Module } from '@armature/di';
import { Armature } from '../../src/app/armature.app';
import { Prompt } from '../../src/decorators/prompt.decorator';
import { Tool } from '../../src/decorators/tool.decorator';
import type { CallHandler, Interceptor } from '../../src/interceptors/interceptor';
import { UseInterceptors } from '../../src/interceptors/use-interceptors.decorator';
import type { ExecutionContext } from '../../src/guards/execution-context';
import type { AroundHandler, RouteInfo } from '../../src/routes/route-pipeline';
import { silentLogger } from '../../src/logging/server-logger';
import { connectAs, firstText } from '../guards/support/authed-client';

const events: string[] = [];

class Outer implements Interceptor {
  async intercept(_context: ExecutionContext, next: CallHandler): Promise<unknown> {
    events.push('interceptor:before');
    const value = await next.handle();
    events.push('interceptor:after');
    return value;
  }
}

const WORD = { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] } as const;

@Injectable()
class Wrapped {
  @UseInterceptors(Outer)
  @Tool({ inputSchema: WORD })
  shout(args: { word: string }): string {
    events.push(`handler:${args.word}`);
    return args.word;
  }

  @Tool({ inputSchema: WORD })
  plain(args: { word: string }): string {
    events.push(`handler:${args.word}`);
    return args.word;
  }

  @Prompt({ arguments: [{ name: 'topic', required: true }] })
  brief(args: Record<string, string>): string {
    return `Write about ${args.topic}.`;
  }
}

@Module({ handlers: [Wrapped] })
class WrappedModule {}

describe('ArmatureOptions.aroundHandler', () => {
  it('is asked once per route at boot; what it returns runs innermost, may pass other arguments on, and routes it declines run bare', async () => {
    events.length = 0;
    const asked: RouteInfo[] = [];
    const upper: AroundHandler = async (context, call) => {
      events.push(`around:${context.kind}:${context.name}`);
      return call({ ...context.args, word: String(context.args.word).toUpperCase() });
    };
    const topic: AroundHandler = (context, call) => call({ topic: `${String(context.args.topic)}, briefly` });
    const app = await Armature.create(WrappedModule, {
      name: 'around',
      version: '1',
      logger: silentLogger,
      manifest: { armature: 1, handlers: {} },
      aroundHandler: (route) => {
        asked.push(route);
        if (route.method === 'shout') return upper;
        return route.kind === 'prompt' ? topic : null;
      },
    });
    const connection = await connectAs(app);
    try {
      expect(asked.map((r) => `${r.kind}:${r.method}`).sort()).to.deep.equal(['prompt:brief', 'tool:plain', 'tool:shout']);
      const shout = asked.find((r) => r.method === 'shout');
      expect(shout?.handlerClass).to.equal(Wrapped);
      expect(shout?.handler).to.equal(Wrapped.prototype.shout);

      expect(firstText(await connection.client.callTool({ name: 'shout', arguments: { word: 'hey' } }))).to.equal('HEY');
      // Inside the route's own interceptors, around the handler.
      expect(events).to.deep.equal(['interceptor:before', 'around:tool:shout', 'handler:HEY', 'interceptor:after']);
      events.length = 0;
      expect(firstText(await connection.client.callTool({ name: 'plain', arguments: { word: 'hey' } }))).to.equal('hey');
      expect(events).to.deep.equal(['handler:hey']);
      const prompt = await connection.client.getPrompt({ name: 'brief', arguments: { topic: 'tides' } });
      expect((prompt.messages[0]?.content as { text?: string }).text).to.equal('Write about tides, briefly.');
      expect(asked).to.have.length(3);
    } finally {
      await connection.close();
      await app.close();
    }
  });
});
