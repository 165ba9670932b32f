import 'reflect-metadata';
import { Armature, stderrLogger } from '@armature/core';
import { apiKeyVerifier, generateApiKey, hashApiKey } from '@armature/auth';
import { listenHttp, type HttpListenHandle } from '@armature/http';
import { McpProxyModule } from '@armature/proxy';
import { createWeatherApp } from '@armature-examples/weather';
import { gatewayModule } from './gateway.module';

/** The gateway and what it started, to close together. */
export interface RunningGateway {
  readonly url: string;
  close(): Promise<void>;
}

/** Serves the weather example on 127.0.0.1 (an OS-chosen port), in this process, unless `WEATHER_URL` names a running one. */
async function weatherUpstream(): Promise<{ url: string; close: () => Promise<void> }> {
  const given = process.env.WEATHER_URL;
  if (given !== undefined && given !== '') return { url: given, close: () => Promise.resolve() };
  const app = await createWeatherApp();
  const http = await listenHttp(app, { port: 0 });
  return {
    url: http.url,
    close: async () => {
      await http.close();
      await app.close();
    },
  };
}

/**
 * Starts the gateway on 127.0.0.1:`PORT` (default 3000; 0: any), behind the bearer key
 * `GATEWAY_API_KEY` (one is made up and printed when it is unset).
 */
export async function startGateway(): Promise<RunningGateway> {
  let key = process.env.GATEWAY_API_KEY;
  if (key === undefined || key === '') {
    key = generateApiKey().key;
    process.stderr.write(`gateway: no GATEWAY_API_KEY set; use this one for now: ${key}\n`);
  }
  const verifyToken = apiKeyVerifier({ keys: [{ sha256: hashApiKey(key), clientId: 'gateway-user', scopes: [] }] });
  const weather = await weatherUpstream();
  const { root, mounts } = gatewayModule({ notesMain: require.resolve('@armature-examples/notes'), weatherUrl: weather.url });
  let app: Armature | undefined;
  let http: HttpListenHandle | undefined;
  try {
    app = await Armature.create(root, { name: 'armature-gateway', version: '0.1.0', title: 'Gateway' });
    await McpProxyModule.mount(app, mounts, stderrLogger);
    http = await listenHttp(app, { port: Number(process.env.PORT ?? 3000), verifyToken });
  } catch (error) {
    await app?.close();
    await weather.close();
    throw error;
  }
  const served = { app, http };
  return {
    url: http.url,
    close: async () => {
      await served.http.close();
      await served.app.close(); // closes the proxies: the notes child is stopped
      await weather.close();
    },
  };
}

if (require.main === module) {
  startGateway()
    .then((gateway) => {
      process.stdout.write(`gateway listening on ${gateway.url}\n`);
      let closing = false;
      const stop = (): void => {
        if (closing) return;
        closing = true;
        void gateway.close().finally(() => process.exit(0));
      };
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
    })
    .catch((error: unknown) => {
      process.stderr.write(`gateway failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    });
}
