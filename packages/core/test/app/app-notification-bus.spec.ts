import 'reflect-metadata';
import { expect } from 'chai';
import { Injectable, Module } from '@armature/di';
import { ResourceUpdatedNotificationSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { Armature } from '../../src/app/armature.app';
import { McpNotifier } from '../../src/app/mcp-notifier';
import { InMemoryNotificationBus } from '../../src/bus/in-memory-notification-bus';
import type { BusEvent } from '../../src/bus/notification-bus';
import { Resource } from '../../src/decorators/resource.decorator';
import { Tool } from '../../src/decorators/tool.decorator';
import { waitUntil } from '../support/wait';
import { connectClient, RecordingLogger } from './support/app-client';

@Injectable()
class BoardHandlers {
  constructor(private readonly notifier: McpNotifier) {}

  @Tool({ inputSchema: { type: 'object' } }) tools_changed(): string {
    this.notifier.listChanged('tools');
    return 'told';
  }

  @Resource('board://index', { mimeType: 'text/plain' })
  index(): string {
    return 'board';
  }
}

@Module({ handlers: [BoardHandlers] })
class BoardModule {}

function create(name: string, bus: InMemoryNotificationBus): Promise<Armature> {
  return Armature.create(BoardModule, {
    name,
    version: '1.0.0',
    manifest: { armature: 1, handlers: {} },
    logger: new RecordingLogger(),
    bus,
  });
}

/**
 * The app's broadcasts go through its `NotificationBus`: two apps on one bus stand
 * for two instances on a shared one; what either raises reaches the other's sessions.
 */
describe('Armature broadcasts on a NotificationBus', () => {
  it('resources/updated and McpNotifier list_changed raised by one app reach a session of the other', async () => {
    const bus = new InMemoryNotificationBus();
    const heard: BusEvent[] = [];
    const stopHearing = bus.subscribe((event) => heard.push(event));
    const a = await create('a', bus);
    const b = await create('b', bus);
    const conn = await connectClient(a);
    try {
      const updated: string[] = [];
      let toolsChanged = 0;
      conn.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
      conn.client.setNotificationHandler(ToolListChangedNotificationSchema, () => void toolsChanged++);
      await conn.client.subscribeResource({ uri: 'board://index' });
      b.resources.notifyUpdated('board://index');
      b.resources.notifyUpdated('board://other');
      const onB = await connectClient(b);
      await onB.client.callTool({ name: 'tools_changed', arguments: {} });
      await onB.close();
      await waitUntil(() => updated.length === 1 && toolsChanged === 1, 'the broadcasts of b on a');
      expect(updated).to.deep.equal(['board://index']);
      expect(heard.filter((e) => e.type === 'list_changed').map((e) => ({ ...e, eventKey: undefined }))).to.deep.equal([
        { type: 'list_changed', list: 'tools', eventKey: undefined },
      ]);
      expect(heard.filter((e) => e.type === 'resource_updated')).to.have.length(2);
      // Each broadcast carries a key of its own (what copies of one session store it once by).
      const keys = heard.map((e) => (e as { eventKey?: unknown }).eventKey);
      expect(keys.every((key) => typeof key === 'string')).to.equal(true);
      expect(new Set(keys).size).to.equal(keys.length);
    } finally {
      stopHearing();
      await conn.close();
      await a.close();
      await b.close();
    }
  });

  it('an app listens on the bus while it lives and leaves it when closed', async () => {
    const bus = new InMemoryNotificationBus();
    const a = await create('a', bus);
    expect(bus.listenerCount).to.equal(1);
    await a.close();
    expect(bus.listenerCount).to.equal(0);
  });
});
