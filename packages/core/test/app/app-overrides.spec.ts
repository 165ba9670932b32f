import 'reflect-metadata';
import { expect } from 'chai';
import { Injectable, InjectionToken, Inject, Module } from '@armature/di';
import { Armature } from '../../src/app/armature.app';
import { Tool } from '../../src/decorators/tool.decorator';
import { connectClient } from './support/app-client';

const GREETING = new InjectionToken<string>('GREETING');

@Injectable()
class Clock {
  now(): string {
    return 'real time';
  }
}

@Injectable()
class OverrideHandlers {
  constructor(
    private readonly clock: Clock,
    @Inject(GREETING) private readonly greeting: string,
  ) {}
  @Tool() hello(): string {
    return `${this.greeting} at ${this.clock.now()}`;
  }
}

@Module({ providers: [Clock], exports: [Clock] })
class ClockModule {}

@Module({ imports: [ClockModule], providers: [{ provide: GREETING, useValue: 'hello' }], handlers: [OverrideHandlers] })
class OverrideApp {}

describe('Armature.create overrides', () => {
  it('replaces providers wherever a module declares them, imported modules included', async () => {
    const app = await Armature.create(OverrideApp, {
      name: 'overrides',
      version: '1.0.0',
      overrides: [
        { provide: GREETING, useValue: 'hi' },
        { provide: Clock, useValue: { now: () => 'noon' } },
      ],
    });
    const connection = await connectClient(app);
    try {
      const result = await connection.client.callTool({ name: 'hello' });
      expect(result.content).to.deep.equal([{ type: 'text', text: 'hi at noon' }]);
    } finally {
      await connection.close();
      await app.close();
    }
  });

  it('leaves the declared providers in place without overrides', async () => {
    const app = await Armature.create(OverrideApp, { name: 'overrides', version: '1.0.0' });
    const connection = await connectClient(app);
    try {
      const result = await connection.client.callTool({ name: 'hello' });
      expect(result.content).to.deep.equal([{ type: 'text', text: 'hello at real time' }]);
    } finally {
      await connection.close();
      await app.close();
    }
  });
});
