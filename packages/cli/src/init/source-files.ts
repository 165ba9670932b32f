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

/** `src/main.ts`: boots the app and serves (stdio unless the command line says otherwise). */
export function main(name: string): string {
  return `import 'reflect-metadata';
import { Armature } from '@armature/core';
import { AppModule } from './app.module';

async function main(): Promise<void> {
  const app = await Armature.create(AppModule, { name: ${JSON.stringify(name)}, version: '0.1.0' });
  await app.listen();
}

main().catch((error: unknown) => {
  // Never write to stdout: over stdio it carries the protocol.
  process.stderr.write(\`${name} failed to start: \${error instanceof Error ? (error.stack ?? error.message) : String(error)}\\n\`);
  process.exitCode = 1;
});
`;
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
