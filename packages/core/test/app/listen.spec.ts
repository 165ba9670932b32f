import 'reflect-metadata';
import { expect } from 'chai';
import { ArmatureError, Module } from '@armature/di';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Armature } from '../../src/app/armature.app';
import { parseListenArgs } from '../../src/listen/listen-args';
import { loadTransportServer } from '../../src/listen/optional-transport';
import { RequestContext } from '../../src/context/request-context';
import { Tool } from '../../src/decorators/tool.decorator';

describe('app.listen', () => {
  describe('parseListenArgs', () => {
    it('defaults to stdio and reads --http/--ws with port or host:port', () => {
      expect(parseListenArgs([])).to.deep.equal({ transport: 'stdio' });
      expect(parseListenArgs(['--stdio', '--verbose'])).to.deep.equal({ transport: 'stdio' });
      expect(parseListenArgs(['--http', '3000'])).to.deep.equal({ transport: 'http', host: undefined, port: 3000 });
      expect(parseListenArgs(['--http=0.0.0.0:8080'])).to.deep.equal({ transport: 'http', host: '0.0.0.0', port: 8080 });
      expect(parseListenArgs(['--ws', '[::1]:9000'])).to.deep.equal({ transport: 'ws', host: '::1', port: 9000 });
    });

    for (const argv of [
      ['--http'],
      ['--http', '--ws'],
      ['--http', '70000'],
      ['--ws', 'host:'],
      ['--http', 'abc'],
      ['--http', '1', '--ws', '2'],
      ['--stdio', '--http', '1'],
    ]) {
      it(`refuses ${JSON.stringify(argv)} with ARM_ERR_INVALID_LISTEN_ARGS`, () => {
        expect(() => parseListenArgs(argv))
          .to.throw(ArmatureError)
          .with.property('code', 'ARM_ERR_INVALID_LISTEN_ARGS');
      });
    }
  });

  it('says which package to install when a transport package is missing', () => {
    expect(() => loadTransportServer('@armature/not-installed' as '@armature/http', 'listenHttp', '--http'))
      .to.throw(ArmatureError, /npm install @armature\/not-installed/)
      .with.property('code', 'ARM_ERR_TRANSPORT_MISSING');
  });

  it('serves Streamable HTTP with --http through @armature/http, and close() stops it', async function () {
    this.timeout(20_000);
    class Hello {
      @Tool() hello(ctx: RequestContext): string {
        return `hello over ${ctx.session.id ? 'a session' : 'no session'}`;
      }
    }
    @Module({ handlers: [Hello] })
    class Root {}
    const app = await Armature.create(Root, { name: 'http-listen', version: '1' });
    const handle = await app.listen(['--http', '127.0.0.1:0']);
    expect(handle.transport).to.equal('http');
    const client = new Client({ name: 'listen-test', version: '1' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(handle.url as string)));
      const result = await client.callTool({ name: 'hello', arguments: {} });
      expect(result.content).to.deep.equal([{ type: 'text', text: 'hello over a session' }]);
    } finally {
      await client.close();
      await app.close();
    }
    const refused = await fetch(handle.url as string, { method: 'POST' }).then(
      () => false,
      () => true,
    );
    expect(refused).to.equal(true);
  });
});
