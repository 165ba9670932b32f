import 'reflect-metadata';
import { expect } from 'chai';
import { Module } from '@armature/di';
import { Armature } from '../../src/app/armature.app';
import { RequestContext } from '../../src/context/request-context';
import { Tool } from '../../src/decorators/tool.decorator';
import { deferred } from '../support/wait';
import { connectClient } from './support/app-client';

const started = { resolve: (): void => undefined };
const aborted = { resolve: (_reason: unknown): void => undefined };

class Slow {
  @Tool() async slow(ctx: RequestContext): Promise<string> {
    started.resolve();
    await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
    aborted.resolve(ctx.signal.reason);
    return 'stopped';
  }
}

@Module({ handlers: [Slow] })
class ProtocolModule {}

describe('app: protocol behaviour through the app layer', () => {
  it('paginates a 1,000-tool server with the configured page size', async () => {
    const app = await Armature.create(ProtocolModule, { name: 'many', version: '1', pageSize: 128 });
    for (let i = 0; i < 999; i++) app.tools.register({ name: `tool_${String(i).padStart(4, '0')}`, handler: () => i });
    const conn = await connectClient(app);
    try {
      const names: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await conn.client.listTools(cursor === undefined ? {} : { cursor });
        names.push(...page.tools.map((t) => t.name));
        cursor = page.nextCursor;
        pages++;
      } while (cursor !== undefined && pages < 20);
      expect(names).to.have.length(1000);
      expect(new Set(names).size).to.equal(1000);
      expect(pages).to.equal(8);
    } finally {
      await conn.close();
      await app.close();
    }
  });

  it("cancellation from the client reaches the handler's signal", async () => {
    const app = await Armature.create(ProtocolModule, { name: 'cancel', version: '1' });
    const conn = await connectClient(app);
    const start = deferred('handler started');
    const abort = deferred<unknown>('handler aborted');
    started.resolve = () => start.resolve();
    aborted.resolve = (reason) => abort.resolve(reason);
    const controller = new AbortController();
    try {
      const call = conn.client.callTool({ name: 'slow', arguments: {} }, undefined, { signal: controller.signal }).then(
        () => 'answered',
        () => 'rejected',
      );
      await start.promise;
      controller.abort('user gave up');
      expect(await abort.promise).to.not.equal(undefined);
      expect(await call).to.equal('rejected');
    } finally {
      await conn.close();
      await app.close();
    }
  });
});
