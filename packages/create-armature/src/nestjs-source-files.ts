/**
 * The sources of a project made with `--nestjs`: a Nest application whose REST controller and
 * MCP tool share one Nest service, the MCP endpoint mounted at /mcp by `@armature/nestjs`.
 */

/** `src/greetings.service.ts`: a plain Nest service. */
function greetingsService(): string {
  return `import { Injectable } from '@nestjs/common';

/** What \`greet\` returns: a structured result (its schema comes from this interface). */
export interface Greeting {
  message: string;
  /** Number of characters in the message. */
  length: number;
}

/** A Nest service: the REST controller and the MCP tool share this one instance. */
@Injectable()
export class GreetingsService {
  greet(name: string, excited: boolean): Greeting {
    const message = \`Hello, \${name}\${excited ? '!' : '.'}\`;
    return { message, length: message.length };
  }
}
`;
}

/** `src/greetings.controller.ts`: the REST side. */
function greetingsController(): string {
  return `import { Controller, Get, Query } from '@nestjs/common';
import { GreetingsService, type Greeting } from './greetings.service';

/** GET /greet?name=Ada&excited=true */
@Controller('greet')
export class GreetingsController {
  constructor(private readonly greetings: GreetingsService) {}

  @Get()
  greet(@Query('name') name = 'world', @Query('excited') excited?: string): Greeting {
    return this.greetings.greet(name, excited === 'true');
  }
}
`;
}

/** `src/greetings.module.ts`: the Nest module providing (and exporting) the service. */
function greetingsModule(): string {
  return `import { Module } from '@nestjs/common';
import { GreetingsController } from './greetings.controller';
import { GreetingsService } from './greetings.service';

@Module({ providers: [GreetingsService], controllers: [GreetingsController], exports: [GreetingsService] })
export class GreetingsModule {}
`;
}

/** `src/hello.handlers.ts`: the MCP side, an Armature handler injecting the Nest service. */
function helloHandlers(): string {
  return `import { Injectable } from '@armature/di';
import { Resource, Tool } from '@armature/core';
import { GreetingsService, type Greeting } from './greetings.service';

@Injectable()
export class HelloHandlers {
  constructor(private readonly greetings: GreetingsService) {}

  /**
   * Greet someone by name.
   * @param name Who to greet.
   * @param excited End with an exclamation mark instead of a full stop.
   * @minLength name 1
   */
  @Tool({ annotations: { readOnlyHint: true } })
  greet(name: string, excited = false): Greeting {
    return this.greetings.greet(name, excited);
  }

  /** What this server is. */
  @Resource('hello://about', { name: 'about', mimeType: 'text/plain' })
  about(): string {
    return 'A small MCP server made with Armature, inside a NestJS application.';
  }
}
`;
}

/** `src/mcp.module.ts`: the Armature root module. */
function mcpModule(): string {
  return `import { Module } from '@armature/di';
import { HelloHandlers } from './hello.handlers';

@Module({ handlers: [HelloHandlers] })
export class McpModule {}
`;
}

/** `src/app.module.ts`: the Nest root module, mounting the MCP endpoint next to the controllers. */
function appModule(name: string): string {
  return `import { Module } from '@nestjs/common';
import { ArmatureModule } from '@armature/nestjs';
import { GreetingsModule } from './greetings.module';
import { GreetingsService } from './greetings.service';
import { McpModule } from './mcp.module';

@Module({
  imports: [
    GreetingsModule,
    // The MCP endpoint at /mcp; Armature handlers may inject the Nest providers named here.
    ArmatureModule.forRoot({
      root: McpModule,
      app: { name: ${JSON.stringify(name)}, version: '0.1.0' },
      imports: [GreetingsModule],
      providers: [GreetingsService],
    }),
  ],
})
export class AppModule {}
`;
}

/** `src/server.ts`: starts the Nest application (the entry and the test both use it). */
function server(): string {
  return `import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';

/** A running server: the MCP endpoint's URL (the REST API is next to it) and how to stop it. */
export interface RunningServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Starts the Nest application (express platform): REST and MCP on one port. */
export async function startServer(port: number, host = '127.0.0.1'): Promise<RunningServer> {
  // forceCloseConnections: idle keep-alive connections of MCP clients must not hold close().
  const nest = await NestFactory.create(AppModule, { logger: ['error', 'warn'], forceCloseConnections: true });
  nest.enableShutdownHooks(); // SIGTERM/SIGINT run Nest's shutdown, which drains and closes Armature
  await nest.listen(port, host);
  const address = nest.getHttpServer().address() as AddressInfo;
  return { url: \`http://\${host}:\${address.port}/mcp\`, close: () => nest.close() };
}
`;
}

/** `src/main.ts`: serves on PORT (default 3000) and HOST (default 127.0.0.1). */
function main(name: string): string {
  return `import { startServer } from './server';

async function main(): Promise<void> {
  const server = await startServer(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1');
  process.stderr.write(\`${name}: MCP over Streamable HTTP at \${server.url}, REST at \${server.url.replace(/\\/mcp$/, '/greet')}\\n\`);
}

main().catch((error: unknown) => {
  process.stderr.write(\`${name} failed to start: \${error instanceof Error ? (error.stack ?? error.message) : String(error)}\\n\`);
  process.exitCode = 1;
});
`;
}

/** `test/hello.spec.ts`: the Nest application on a free port, called over REST and by an MCP client. */
function helloSpec(): string {
  return `import { expect } from 'chai';
import { ensureManifest } from '@armature/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startServer, type RunningServer } from '../src/server';

describe('hello server in NestJS', () => {
  let server: RunningServer;
  let client: Client;

  before(async function () {
    this.timeout(60_000);
    ensureManifest(\`\${__dirname}/../..\`); // the schemas armature build writes from the types
    server = await startServer(0);
    client = new Client({ name: 'hello-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  });

  after(async () => {
    await client.close();
    await server.close();
  });

  it('greets by name over MCP', async () => {
    const result = await client.callTool({ name: 'greet', arguments: { name: 'Ada', excited: true } });
    expect(result.structuredContent).to.deep.equal({ message: 'Hello, Ada!', length: 11 });
  });

  it('refuses an empty name', async () => {
    const result = await client.callTool({ name: 'greet', arguments: { name: '' } });
    expect(result.isError).to.equal(true);
  });

  it('serves the same greeting over REST, from the same Nest service', async () => {
    const response = await fetch(server.url.replace(/\\/mcp$/, '/greet?name=Ada&excited=true'));
    expect(await response.json()).to.deep.equal({ message: 'Hello, Ada!', length: 11 });
  });
});
`;
}

/** Every source file of a `--nestjs` project, by path. */
export function nestjsSourceFiles(name: string): Record<string, string> {
  return {
    'src/greetings.service.ts': greetingsService(),
    'src/greetings.controller.ts': greetingsController(),
    'src/greetings.module.ts': greetingsModule(),
    'src/hello.handlers.ts': helloHandlers(),
    'src/mcp.module.ts': mcpModule(),
    'src/app.module.ts': appModule(name),
    'src/server.ts': server(),
    'src/main.ts': main(name),
    'test/hello.spec.ts': helloSpec(),
  };
}
