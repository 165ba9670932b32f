import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';

/** A running example server. */
export interface ExampleServer {
  /** The MCP endpoint; the REST API is next to it (`/notes`). */
  readonly url: string;
  close(): Promise<void>;
}

/** Starts the Nest application (express platform) with REST and MCP on one port. */
export async function startServer(port = 3000, host = '127.0.0.1'): Promise<ExampleServer> {
  // forceCloseConnections: idle keep-alive connections of MCP clients must not hold close().
  const nest = await NestFactory.create(AppModule, { logger: ['error', 'warn'], forceCloseConnections: true });
  nest.enableShutdownHooks(); // SIGTERM/SIGINT run Nest's shutdown, which drains and closes Armature
  await nest.listen(port, host);
  const address = nest.getHttpServer().address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}/mcp`,
    close: () => nest.close(),
  };
}
