import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';

export type Platform = 'express' | 'fastify';

/** A Nest application on `platform`, listening on 127.0.0.1 at a free port; its base URL. */
export async function startNest(
  module: Parameters<typeof NestFactory.create>[0],
  platform: Platform,
): Promise<{ nest: INestApplication; base: string }> {
  const adapter = platform === 'express' ? new ExpressAdapter() : new FastifyAdapter();
  // forceCloseConnections: a client's idle keep-alive connections must not hold the shutdown;
  // abortOnError false: a failed boot rejects (the test reports it) instead of exiting the process.
  const nest = await NestFactory.create(module, adapter, { logger: false, forceCloseConnections: true, abortOnError: false });
  await nest.listen(0, '127.0.0.1');
  const { port } = nest.getHttpServer().address() as AddressInfo;
  return { nest, base: `http://127.0.0.1:${port}` };
}
