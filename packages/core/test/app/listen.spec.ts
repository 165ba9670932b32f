import 'reflect-metadata';
import * as net from 'node:net';
import { expect } from 'chai';
import { ArmatureError, Module } from '@armature/di';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Armature } from '../../src/app/armature.app';
import { parseListenArgs } from '../../src/listen/listen-args';
import { registerListenTransport, registeredListenTransports, type ListenTransport } from '../../src/listen/listen-transport';
import { RequestContext } from '../../src/context/request-context';
import { Tool } from '../../src/decorators/tool.decorator';
// Registers `--http` with app.listen(), as an app's entry file would.
import '@armature/http/register';

describe('app.listen', () => {
  describe('parseListenArgs', () => {
    it('defaults to stdio and reads --http/--ws with port or host:port', () => {
      expect(parseListenArgs([])).to.deep.equal({ transport: 'stdio' });
      expect(parseListenArgs(['--stdio', '--verbose'])).to.deep.equal({ transport: 'stdio' });
      expect(parseListenArgs(['--http', '3000'])).to.deep.equal({ transport: 'network', flag: 'http', host: undefined, port: 3000 });
      expect(parseListenArgs(['--http=0.0.0.0:8080'])).to.deep.equal({ transport: 'network', flag: 'http', host: '0.0.0.0', port: 8080 });
      expect(parseListenArgs(['--ws', '[::1]:9000'])).to.deep.equal({ transport: 'network', flag: 'ws', host: '::1', port: 9000 });
    });

    it("reads a custom transport's flag only when it is given", () => {
      expect(parseListenArgs(['--h2', '8443'])).to.deep.equal({ transport: 'stdio' });
      expect(parseListenArgs(['--h2', '8443'], ['h2'])).to.deep.equal({ transport: 'network', flag: 'h2', host: undefined, port: 8443 });
      expect(() => parseListenArgs(['--h2', '1', '--http', '2'], ['h2']))
        .to.throw(ArmatureError, '--http conflicts with --h2; choose one transport.')
        .with.property('code', 'ARM_ERR_INVALID_LISTEN_ARGS');
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

  describe('transports', () => {
    @Module({ handlers: [] })
    class Empty {}

    /** A transport on a real TCP listener that answers every connection with its flag and closes it. */
    function tcpTransport(flag: string, started: string[]): ListenTransport {
      return {
        flag,
        async listen(_app, address) {
          const server = net.createServer((socket) => socket.end(flag));
          await new Promise<void>((resolve) => server.listen(address.port, address.host ?? '127.0.0.1', resolve));
          started.push(flag);
          const { port } = server.address() as net.AddressInfo;
          return {
            url: `tcp://127.0.0.1:${port}`,
            close: () => new Promise<void>((resolve) => server.close(() => resolve())),
          };
        },
      };
    }

    async function readFrom(url: string): Promise<string> {
      const { port } = new URL(url);
      const socket = net.connect(Number(port), '127.0.0.1');
      let text = '';
      for await (const chunk of socket) text += String(chunk);
      return text;
    }

    it('starts the transport given for --<flag>, the later of two for one flag', async () => {
      const started: string[] = [];
      const app = await Armature.create(Empty, { name: 'custom-listen', version: '1' });
      try {
        const handle = await app.listen(['--h2', '127.0.0.1:0'], {
          signals: false,
          transports: [tcpTransport('h2', started), tcpTransport('h2', started)],
        });
        expect(handle.transport).to.equal('h2');
        expect(started).to.deep.equal(['h2']);
        expect(await readFrom(handle.url as string)).to.equal('h2');
        await handle.close();
      } finally {
        await app.close({ drainMs: 0 });
      }
    });

    it('starts a registered transport, and registering a flag again replaces it', async () => {
      const started: string[] = [];
      const flag = `test-${process.pid}`;
      registerListenTransport(tcpTransport(flag, started));
      const replacement = tcpTransport(flag, started);
      registerListenTransport(replacement);
      expect(registeredListenTransports().filter((t) => t.flag === flag)).to.deep.equal([replacement]);
      const app = await Armature.create(Empty, { name: 'registered-listen', version: '1' });
      try {
        const handle = await app.listen([`--${flag}`, '0'], { signals: false });
        expect(await readFrom(handle.url as string)).to.equal(flag);
      } finally {
        await app.close({ drainMs: 0 });
      }
    });

    it('refuses a flag no transport serves with ARM_ERR_TRANSPORT_MISSING, saying what to import', async () => {
      const app = await Armature.create(Empty, { name: 'missing-listen', version: '1' });
      try {
        for (const [argv, hint] of [
          [['--http', '0'], "import '@armature/http/register'"],
          [['--ws', '0'], "import '@armature/ws/register'"],
        ] as const) {
          const error = await app.listen(argv, { signals: false, transports: [] }).then(
            () => undefined,
            (e: unknown) => e as ArmatureError,
          );
          expect(error).to.be.instanceOf(ArmatureError);
          expect(error?.code).to.equal('ARM_ERR_TRANSPORT_MISSING');
          expect(error?.message).to.contain(hint);
        }
      } finally {
        await app.close({ drainMs: 0 });
      }
    });

    it('refuses a flag that is not lower-case letters, digits and dashes, or is stdio', () => {
      for (const flag of ['', 'HTTP', 'stdio', '--http', 'a b', 'x'.repeat(40)]) {
        expect(() => registerListenTransport({ flag, listen: () => Promise.reject(new Error('never')) }), flag).to.throw(TypeError);
      }
    });
  });

  it('serves Streamable HTTP with --http once @armature/http/register is imported, and close() stops it', async function () {
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
