import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioTransportV2 } from '@modelcontextprotocol/client/stdio';
import { checkServerMessage } from '@armature/testing';
import { builtProjectPerSuite } from './support/built-project';

/** A DTO with an enum titled by member @title tags, a union titled by @optionTitle, and a tag that has no effect. */
const HANDLERS = `import { Tool } from '@armature/core';

export enum Size {
  /** @title Small (250 ml) */
  S = 's',
  /** @title Large (500 ml) */
  L = 'l',
}

export class Order {
  size!: Size;
  /**
   * How it is served.
   * @optionTitle hot Served hot
   * @optionTitle iced Over ice
   */
  temperature!: 'hot' | 'iced';
  /** @optionTitle x Not an option */
  note?: string;
}

export class Cafe {
  /** Orders a coffee. */
  @Tool()
  order(order: Order): string {
    return order.size + '/' + order.temperature;
  }
}
`;

const MAIN = `import 'reflect-metadata';
import { Armature } from '@armature/core';
import { Module } from '@armature/di';
import { Cafe } from './cafe.handlers';

@Module({ handlers: [Cafe] })
class CafeModule {}

void Armature.create(CafeModule, { name: 'cafe', version: '1.0.0' }).then((app) => app.listen());
`;

interface ToolResult {
  readonly isError?: boolean;
  readonly content: { readonly type: string; readonly text: string }[];
}

describe('titled options through armature build and the SDK clients (stdio)', function () {
  this.timeout(120_000);
  const project = builtProjectPerSuite({
    'src/cafe.handlers.ts': HANDLERS,
    'src/main.ts': MAIN,
  });

  it('warns where a title tag has no effect, with file:line:col', () => {
    expect(project.buildOutput).to.contain(
      'src/cafe.handlers.ts:18:7 - warning ARM_WARN_OPTION_TITLE: Order.note: property "note" is not a string enum or string-literal union (or an array of one), so @optionTitle has no effect on it',
    );
  });

  it('lists the titled schema, runs a titled value, and refuses another one with an isError result naming the options', async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: ['dist/src/main.js'], cwd: project.dir, stderr: 'pipe' });
    const client = new Client({ name: 'titled-v1', version: '1.0.0' });
    await client.connect(transport);
    project.closeAfterTest(() => client.close());
    // Every message the server sends from here on is held to its revision's schema.
    const sent = new Map<string | number, JSONRPCMessage>();
    const received: JSONRPCMessage[] = [];
    const send = transport.send.bind(transport);
    transport.send = (message: JSONRPCMessage) => {
      if ('id' in message && 'method' in message) sent.set(message.id, message);
      return send(message);
    };
    const onmessage = transport.onmessage;
    transport.onmessage = (message) => {
      received.push(message);
      onmessage?.(message);
    };

    const { tools } = await client.listTools();
    const properties = tools[0]?.inputSchema.properties as Record<string, unknown>;
    expect(properties.size).to.deep.equal({
      type: 'string',
      oneOf: [
        { const: 's', title: 'Small (250 ml)' },
        { const: 'l', title: 'Large (500 ml)' },
      ],
    });
    expect(properties.temperature).to.deep.equal({
      description: 'How it is served.',
      type: 'string',
      oneOf: [
        { const: 'hot', title: 'Served hot' },
        { const: 'iced', title: 'Over ice' },
      ],
    });
    expect(properties.note).to.deep.equal({ type: 'string' });

    const ok = (await client.callTool({ name: 'order', arguments: { size: 'l', temperature: 'iced' } })) as ToolResult;
    expect(ok.isError ?? false).to.equal(false);
    expect(ok.content[0]?.text).to.equal('l/iced');

    // A title is not a value: only the consts are accepted.
    const refused = (await client.callTool({ name: 'order', arguments: { size: 'Large (500 ml)', temperature: 'warm' } })) as ToolResult;
    expect(refused.isError).to.equal(true);
    const text = refused.content.map((c) => c.text).join('\n');
    expect(text).to.contain('size: must be one of "s", "l"');
    expect(text).to.contain('temperature: must be one of "hot", "iced"');
    expect(text).to.not.contain('oneOf');

    expect(received).to.have.length(3);
    const problems = received.map((m) =>
      checkServerMessage(m, 'id' in m && m.id !== undefined && !('method' in m) ? sent.get(m.id) : undefined),
    );
    expect(problems.flat()).to.deep.equal([]);
  });

  it('MCP 2026-07-28 (SDK v2): the same titled schema, the same answers', async () => {
    const transport = new StdioTransportV2({ command: process.execPath, args: ['dist/src/main.js'], cwd: project.dir, stderr: 'pipe' });
    const client = new ClientV2({ name: 'titled-v2', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(transport);
    project.closeAfterTest(() => client.close());
    const { tools } = await client.listTools();
    const properties = tools[0]?.inputSchema.properties as Record<string, { oneOf?: unknown }>;
    expect(properties.size?.oneOf).to.deep.equal([
      { const: 's', title: 'Small (250 ml)' },
      { const: 'l', title: 'Large (500 ml)' },
    ]);
    const ok = (await client.callTool({ name: 'order', arguments: { size: 's', temperature: 'hot' } })) as ToolResult;
    expect(ok.content[0]?.text).to.equal('s/hot');
    const refused = (await client.callTool({ name: 'order', arguments: { size: 'm', temperature: 'hot' } })) as ToolResult;
    expect(refused.isError).to.equal(true);
    expect(refused.content.map((c) => c.text).join('\n')).to.contain('size: must be one of "s", "l"');
  });
});
