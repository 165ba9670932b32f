import 'reflect-metadata';
import { expect } from 'chai';
import { IsEmail } from 'class-validator';
import { Injectable, Module } from '@armature/di';
import { Armature } from '../../src/app/armature.app';
import { Tool } from '../../src/decorators/tool.decorator';
import { appliedWithoutDesignMetadata, readHandlerMethods } from '../../src/metadata/handler-metadata';
import { arg, manifestFor } from '../app/support/manifest-builder';
import { connectClient, RecordingLogger } from '../app/support/app-client';

// `armature build` applies a handler method's sole decorator directly (no descriptor) once it
// has dropped the method's design metadata; the boot then does not look design types up for a
// method its manifest entry describes, unless the entry takes a DTO (whose class is read there).

const STALE_COUNT = /lists 1 parameter\(s\) for .*which has 3/;

class EmailDto {
  @IsEmail() email!: string;
}

@Injectable()
class Decorated {
  @Tool() echo(text: string, _extra?: string, _more?: string): string {
    return text;
  }
}

@Injectable()
class Direct {
  echo(text: string): string {
    return text;
  }

  join(dto: EmailDto): string {
    return `joined ${dto.email}`;
  }
}
// Two arguments, no descriptor, as the build emits it.
const applyDirectly = Tool() as (target: object, name: string) => void;
applyDirectly(Direct.prototype, 'echo');
applyDirectly(Direct.prototype, 'join');
// Design types a build would not leave on a directly decorated method: not read for `echo`.
Reflect.defineMetadata('design:paramtypes', [String, String, String], Direct.prototype, 'echo');
Reflect.defineMetadata('design:paramtypes', [EmailDto], Direct.prototype, 'join');

const echo = { kind: 'tool' as const, params: [arg(0, 'text')], inputSchema: { type: 'object', properties: { text: { type: 'string' } } } };
const manifest = manifestFor({
  Decorated: { echo },
  Direct: {
    echo,
    join: {
      kind: 'tool',
      argumentStyle: 'dto',
      params: [{ index: 0, name: 'dto', role: 'dto' }],
      inputSchema: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] },
    },
  },
});

describe('design types at boot', () => {
  it('tell a decorator applied without a descriptor from one TypeScript applied', () => {
    expect(readHandlerMethods(Direct).map(appliedWithoutDesignMetadata)).to.deep.equal([true, true]);
    expect(readHandlerMethods(Decorated).map(appliedWithoutDesignMetadata)).to.deep.equal([false]);
  });

  it('are read for a TypeScript-decorated method (a stale parameter count is reported)', async () => {
    @Module({ handlers: [Decorated] })
    class DecoratedModule {}
    const logger = new RecordingLogger();
    const app = await Armature.create(DecoratedModule, { name: 't', version: '1', manifest, logger });
    await app.close();
    expect(logger.warnings.filter((w) => STALE_COUNT.test(w))).to.have.length(1);
  });

  it('are not read for a directly decorated positional method, and still read for a DTO one', async () => {
    @Module({ handlers: [Direct] })
    class DirectModule {}
    const logger = new RecordingLogger();
    const app = await Armature.create(DirectModule, { name: 't', version: '1', manifest, logger });
    const conn = await connectClient(app);
    try {
      expect(logger.warnings.filter((w) => STALE_COUNT.test(w))).to.deep.equal([]);
      const echoed = await conn.client.callTool({ name: 'echo', arguments: { text: 'hi' } });
      expect((echoed.content as { text: string }[])[0]?.text).to.equal('hi');
      const ok = await conn.client.callTool({ name: 'join', arguments: { email: 'a@b.co' } });
      expect((ok.content as { text: string }[])[0]?.text).to.equal('joined a@b.co');
      const bad = await conn.client.callTool({ name: 'join', arguments: { email: 'nope' } });
      expect(bad.isError).to.equal(true);
      expect((bad.content as { text: string }[])[0]?.text).to.match(/email: .*email/);
    } finally {
      await conn.close();
      await app.close();
    }
  });
});
