import { expect } from 'chai';
import { createHostOriginGuard } from '../src/security/host-origin.guard';
import { acceptsAll, isJsonContentType } from '../src/handler/media-type';

describe('Host/Origin guard', () => {
  it('allows loopback hosts on any port by default and refuses others', () => {
    const guard = createHostOriginGuard();
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:1', '[::1]:8080', 'LOCALHOST:9']) expect(guard.check(host, undefined), host).to.equal(undefined);
    for (const host of [undefined, 'evil.example.com', 'localhost.evil.com', '127.0.0.1.nip.io:80', '0.0.0.0']) expect(guard.check(host, undefined), String(host)).to.match(/Host/);
  });

  it('by default trusts only origins on an allowed host; never null or file origins', () => {
    const guard = createHostOriginGuard();
    expect(guard.check('localhost', 'http://localhost:5173')).to.equal(undefined);
    for (const origin of ['http://evil.example.com', 'null', 'file://', 'chrome-extension://abc']) expect(guard.check('localhost', origin), origin).to.match(/Origin/);
  });

  it('supports explicit lists and turning checks off', () => {
    const guard = createHostOriginGuard(['mcp.example.com', 'alt.example.com:8443'], ['https://app.example.com/']);
    expect(guard.check('mcp.example.com:443', 'https://APP.example.com')).to.equal(undefined);
    expect(guard.check('alt.example.com:8443', undefined)).to.equal(undefined);
    expect(guard.check('alt.example.com:9', undefined)).to.match(/Host/);
    expect(guard.check('mcp.example.com', 'http://localhost')).to.match(/Origin/);
    const open = createHostOriginGuard('*', '*');
    expect(open.check(undefined, 'http://anything')).to.equal(undefined);
  });
});

describe('media types', () => {
  it('requires each type to be listed, ignoring q=0', () => {
    expect(acceptsAll('application/json, text/event-stream', ['application/json', 'text/event-stream'])).to.equal(true);
    expect(acceptsAll('text/event-stream;q=0.5,application/json;q=1', ['application/json', 'text/event-stream'])).to.equal(true);
    expect(acceptsAll('application/json, text/event-stream;q=0', ['application/json', 'text/event-stream'])).to.equal(false);
    expect(acceptsAll('application/jsonx, text/event-stream', ['application/json', 'text/event-stream'])).to.equal(false);
    expect(acceptsAll(undefined, ['text/event-stream'])).to.equal(false);
  });

  it('accepts application/json with a UTF-8 charset only', () => {
    expect(isJsonContentType('application/json')).to.equal(true);
    expect(isJsonContentType('Application/JSON; charset=UTF-8')).to.equal(true);
    expect(isJsonContentType('application/json; charset=latin1')).to.equal(false);
    expect(isJsonContentType('application/json-patch+json')).to.equal(false);
    expect(isJsonContentType(undefined)).to.equal(false);
  });
});
