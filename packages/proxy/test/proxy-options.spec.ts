import { expect } from 'chai';
import { McpProxy, McpProxyModule, PROXY_ERRORS, type McpProxyOptions } from '../src';
import { backoffDelay } from '../src/backoff';
import { PROXY_DEFAULTS } from '../src/proxy-options';

function configError(options: unknown): string {
  try {
    new McpProxy(options as McpProxyOptions);
  } catch (error) {
    expect((error as { code?: string }).code).to.equal(PROXY_ERRORS.codes.PROXY_CONFIG);
    return (error as Error).message;
  }
  throw new Error('no error was thrown');
}

describe('@armature/proxy: options', () => {
  it('needs exactly one of command and url, a URL that parses, and a valid prefix', () => {
    expect(configError({})).to.contain('exactly one of "command"');
    expect(configError({ command: 'node', url: 'http://127.0.0.1:1/mcp' })).to.contain('exactly one');
    expect(configError({ url: 'not a url' })).to.contain('"url" is not a URL');
    expect(configError({ command: 'node', prefix: 'bad prefix' })).to.contain('"prefix"');
  });

  it('refuses forwardAuth on a stdio upstream, and non-positive limits', () => {
    expect(configError({ command: 'node', forwardAuth: true })).to.contain('"forwardAuth" needs an HTTP upstream');
    expect(configError({ command: 'node', maxInflight: 0 })).to.contain('"maxInflight"');
    expect(configError({ command: 'node', reconnect: { initialDelayMs: -1 } })).to.contain('"reconnect.initialDelayMs"');
    expect(() => new McpProxy({ command: 'node', waitWhileDownMs: 0, maxSubscriptions: 0 })).not.to.throw();
  });

  it('McpProxyModule.mount refuses a mount the app does not import', async () => {
    const stray = McpProxyModule.forRoot({ command: 'node' });
    const error = await McpProxyModule.mount({} as never, [stray]).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).to.contain('is not imported by the app');
  });

  it('backs off exponentially up to maxDelayMs, with jitter', () => {
    const r = { ...PROXY_DEFAULTS.reconnect, initialDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffDelay(1, r)).to.be.within(80, 120);
    expect(backoffDelay(3, r)).to.be.within(320, 480);
    expect(backoffDelay(50, r)).to.be.within(800, 1200);
  });
});
