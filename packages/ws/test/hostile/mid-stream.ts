import 'reflect-metadata';
import { Injectable, Module } from '@armature/di';
import { Armature, RequestContext, Tool } from '@armature/core';
import { WsPeer } from './ws-peer';

/** What the streaming app's handlers saw: calls started, and calls still running. */
export const streamProbe = { running: 0, started: 0 };

@Injectable()
class StreamingHandlers {
  /** Reports progress every 10 ms until its signal aborts. */
  @Tool()
  async stream(ctx: RequestContext): Promise<string> {
    streamProbe.started++;
    streamProbe.running++;
    try {
      for (let step = 1; !ctx.signal.aborted && step < 10_000; step++) {
        await ctx.progress(step);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return 'ended';
    } finally {
      streamProbe.running--;
    }
  }

  @Tool()
  hello(): string {
    return 'hello';
  }
}

@Module({ handlers: [StreamingHandlers] })
class StreamingModule {}

/** An app whose `stream` tool reports progress until aborted; quiet logger. */
export function createStreamingApp(): Promise<Armature> {
  return Armature.create(StreamingModule, {
    name: 'ws-destroy',
    version: '1.0.0',
    logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
  });
}

/** Opens a connection, starts a `stream` call, and terminates the socket once progress arrives. */
export async function dropMidStream(url: string, n: number): Promise<void> {
  const peer = await WsPeer.open(url);
  await peer.initialize();
  peer.start('tools/call', { name: 'stream', arguments: {}, _meta: { progressToken: n } }, n);
  await peer.until(() => peer.messages.some((m) => m.method === 'notifications/progress'), `progress on connection ${n}`);
  peer.socket.terminate();
}
