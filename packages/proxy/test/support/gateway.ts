import { Armature, silentLogger, type ServerLogger } from '@armature/core';
import { Module } from '@armature/di';
import { listenHttp } from '@armature/http';
import { verifyTestToken } from './tokens';
import { McpProxyModule, type McpProxy, type McpProxyMount, type McpProxyOptions } from '../../src';

export interface TestGateway {
  readonly app: Armature;
  readonly url: string;
  readonly proxies: readonly McpProxy[];
  close(): Promise<void>;
}

/** A gateway app: one proxy per options, served over Streamable HTTP on 127.0.0.1 behind the test bearer tokens. */
export async function startGateway(options: readonly McpProxyOptions[], logger: ServerLogger = silentLogger): Promise<TestGateway> {
  const mounts: McpProxyMount[] = options.map((o) => McpProxyModule.forRoot(o));
  @Module({ imports: mounts })
  class GatewayModule {}
  const app = await Armature.create(GatewayModule, { name: 'test-gateway', version: '1.0.0', logger });
  try {
    const proxies = await McpProxyModule.mount(app, mounts, logger);
    const http = await listenHttp(app, { port: 0, verifyToken: verifyTestToken });
    return {
      app,
      url: http.url,
      proxies,
      close: async () => {
        await http.close();
        await app.close();
      },
    };
  } catch (error) {
    await app.close();
    throw error;
  }
}
