import type { ScaffoldFeatures } from './scaffold-features';

/** `src/hello.handlers.ts`: one tool and one resource. */
export function helloHandlers(): string {
  return `import { Injectable } from '@armature/di';
import { Resource, Tool } from '@armature/core';

/** What \`greet\` returns: a structured result (its schema comes from this interface). */
export interface Greeting {
  message: string;
  /** Number of characters in the message. */
  length: number;
}

@Injectable()
export class HelloHandlers {
  /**
   * Greet someone by name.
   * @param name Who to greet.
   * @param excited End with an exclamation mark instead of a full stop.
   * @minLength name 1
   */
  @Tool({ annotations: { readOnlyHint: true } })
  greet(name: string, excited = false): Greeting {
    const message = \`Hello, \${name}\${excited ? '!' : '.'}\`;
    return { message, length: message.length };
  }

  /** What this server is. */
  @Resource('hello://about', { name: 'about', mimeType: 'text/plain' })
  about(): string {
    return 'A small MCP server made with Armature.';
  }
}
`;
}

/** `src/app.module.ts`: the root module, in a file of its own (so `armature dev` can reload it in place). */
export function appModule(): string {
  return `import { Module } from '@armature/di';
import { HelloHandlers } from './hello.handlers';

@Module({ handlers: [HelloHandlers] })
export class AppModule {}
`;
}

/** The catch at the end of every `main.ts`. */
function mainCatch(name: string): string {
  return `main().catch((error: unknown) => {
  // Never write to stdout: over stdio it carries the protocol.
  process.stderr.write(\`${name} failed to start: \${error instanceof Error ? (error.stack ?? error.message) : String(error)}\\n\`);
  process.exitCode = 1;
});
`;
}

/**
 * `src/main.ts`: boots the app and serves stdio, or what the command line names (`--http`,
 * `--ws` once their packages are imported); with Redis, Streamable HTTP with the shared stores.
 */
export function main(name: string, features: ScaffoldFeatures): string {
  if (features.redis) return redisMain(name);
  const registers = [
    ...(features.http ? ["// `--http [host:]port` serves Streamable HTTP.\nimport '@armature/http/register';"] : []),
    ...(features.ws ? ["// `--ws [host:]port` serves WebSocket.\nimport '@armature/ws/register';"] : []),
  ];
  return `import 'reflect-metadata';
import { Armature } from '@armature/core';
${registers.map((line) => `${line}\n`).join('')}import { AppModule } from './app.module';

async function main(): Promise<void> {
  const app = await Armature.create(AppModule, { name: ${JSON.stringify(name)}, version: '0.1.0' });
  await app.listen();
}

${mainCatch(name)}`;
}

/** `src/main.ts` of a project whose instances share their state through Redis. */
function redisMain(name: string): string {
  return `import 'reflect-metadata';
import { Armature } from '@armature/core';
import { listenHttp } from '@armature/http';
import { redisScaleOut } from '@armature/redis';
import { AppModule } from './app.module';

async function main(): Promise<void> {
  // Sessions, resumable SSE streams, broadcasts and tasks live in Redis: any instance serves any session.
  // Give every instance the same MCP_STATE_KEY (32 bytes or more; it seals 2026-07-28 input-required state).
  const scale = redisScaleOut({
    url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    ...(process.env.MCP_STATE_KEY === undefined ? {} : { requestStateKey: process.env.MCP_STATE_KEY }),
  });
  const app = await Armature.create(AppModule, { name: ${JSON.stringify(name)}, version: '0.1.0', ...scale.appOptions });
  const http = await listenHttp(app, {
    host: process.env.HOST ?? '127.0.0.1',
    port: Number(process.env.PORT ?? 3000),
    ...scale.httpOptions,
  });
  process.stderr.write(\`${name}: MCP over Streamable HTTP at \${http.url}\\n\`);
  const stop = (): void => {
    void app
      .close()
      .then(() => http.close())
      .then(() => scale.close())
      .finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

${mainCatch(name)}`;
}

/** `test/hello.spec.ts`: the tool and the resource through a connected MCP client. */
export function helloSpec(): string {
  return `import { expect } from 'chai';
import { callTool, createTestServer, expectToolError, type TestServer } from '@armature/testing';
import { AppModule } from '../src/app.module';
import type { Greeting } from '../src/hello.handlers';

describe('hello server', () => {
  let server: TestServer;

  before(async () => {
    server = await createTestServer(AppModule);
  });

  after(() => server.close());

  it('greets by name', async () => {
    const greeting = await callTool<Greeting>(server.client, 'greet', { name: 'Ada', excited: true });
    expect(greeting).to.deep.equal({ message: 'Hello, Ada!', length: 11 });
  });

  it('refuses an empty name', async () => {
    expect(await expectToolError(server.client, 'greet', { name: '' })).to.include('name');
  });

  it('serves the about resource', async () => {
    const { contents } = await server.client.readResource({ uri: 'hello://about' });
    expect(contents).to.deep.equal([{ uri: 'hello://about', mimeType: 'text/plain', text: 'A small MCP server made with Armature.' }]);
  });
});
`;
}
