import 'reflect-metadata';
import { Armature } from '@armature/core';
import { listenHttp } from '@armature/http';
import { ConformanceModule } from './conformance.module';
import { RunningApp } from './list-changes.tools';
import { RECONNECTION_DELAY_MS } from './interaction.tools';

/** Where to serve; the defaults suit the suite (local only, OS-chosen port). */
export interface ConformanceServerOptions {
  readonly host?: string;
  readonly port?: number;
}

/** A running conformance server. */
export interface ConformanceServer {
  /** The Streamable HTTP endpoint, e.g. `http://127.0.0.1:43117/mcp`. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * SSE polling: every resumable stream is closed by the server after `SSE_CLOSE_AFTER_MS`, and
 * clients come back after `SSE_RETRY_MS`. `test_reconnection` answers after the first close
 * but before the resumed stream's own close, so its result arrives on the resumed stream.
 */
const SSE_CLOSE_AFTER_MS = 1000;
const SSE_RETRY_MS = 200;

/**
 * Starts the conformance server over stateful Streamable HTTP with the secure defaults
 * (Host/Origin checks, 127.0.0.1) and resumable SSE streams that the server closes early
 * (SSE polling), so `test_reconnection` gets its result through a resumed stream.
 */
export async function startConformanceServer(options: ConformanceServerOptions = {}): Promise<ConformanceServer> {
  if (!(RECONNECTION_DELAY_MS > SSE_CLOSE_AFTER_MS && RECONNECTION_DELAY_MS < 2 * SSE_CLOSE_AFTER_MS)) {
    throw new Error('test_reconnection must answer between the first and the second server-side stream close');
  }
  const app = await Armature.create(ConformanceModule, { name: 'armature-conformance', version: '0.1.0' });
  app.get(RunningApp).app = app;
  try {
    const http = await listenHttp(app, {
      host: options.host ?? '127.0.0.1',
      port: options.port ?? 0,
      sse: { retryMs: SSE_RETRY_MS, closeAfterMs: SSE_CLOSE_AFTER_MS },
    });
    return {
      url: http.url,
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
