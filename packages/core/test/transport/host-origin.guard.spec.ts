import { expect } from 'chai';
import { allowedHostsForBind, createHostOriginGuard, LOOPBACK_HOSTS } from '../../src/transport/host-origin.guard';

describe('createHostOriginGuard (shared by @armature/http and @armature/ws)', () => {
  it('allows loopback hosts on any port by default and refuses others, naming the host', () => {
    const guard = createHostOriginGuard();
    for (const host of ['localhost', 'LOCALHOST:3000', '127.0.0.1:1', '[::1]:8080', '[::1]'])
      expect(guard.check(host, undefined), host).to.equal(undefined);
    expect(guard.check('evil.example.com', undefined)).to.equal('Host not allowed: evil.example.com');
    for (const host of ['localhost.evil.com', '127.0.0.1.nip.io:80', '0.0.0.0'])
      expect(guard.check(host, undefined), host).to.match(/^Host not allowed/);
    expect(guard.check(undefined, undefined)).to.equal('Host header missing');
  });

  it('by default trusts only origins on an allowed host; never null, file: or other schemes', () => {
    const guard = createHostOriginGuard();
    expect(guard.check('localhost', 'http://localhost:5173')).to.equal(undefined);
    expect(guard.check('localhost', 'https://127.0.0.1')).to.equal(undefined);
    expect(guard.check('localhost', 'http://evil.example.com')).to.equal('Origin not allowed: http://evil.example.com');
    for (const origin of ['null', 'file://', 'file://localhost', 'chrome-extension://abc'])
      expect(guard.check('localhost', origin), origin).to.match(/^Origin not allowed/);
  });

  it('matches a host with a port exactly and an explicit origin list after normalising', () => {
    const guard = createHostOriginGuard(['mcp.example.com', 'alt.example.com:8443'], ['https://App.Example.com/']);
    expect(guard.check('mcp.example.com:443', 'https://app.example.com')).to.equal(undefined);
    expect(guard.check('alt.example.com:8443', undefined)).to.equal(undefined);
    expect(guard.check('alt.example.com:9', undefined)).to.match(/^Host not allowed/);
    expect(guard.check('mcp.example.com', 'http://localhost')).to.match(/^Origin not allowed/);
  });

  it("turns each check off with '*'", () => {
    expect(createHostOriginGuard('*', '*').check(undefined, 'https://anything.example')).to.equal(undefined);
    expect(createHostOriginGuard('*').check(undefined, 'https://x.example')).to.equal(undefined);
  });

  it('adds extra origins (the CORS allowlist) to the default rule or an explicit list', () => {
    expect(createHostOriginGuard(undefined, undefined, ['https://app.example.com']).check('localhost', 'https://app.example.com')).to.equal(
      undefined,
    );
    expect(createHostOriginGuard(undefined, undefined, ['https://app.example.com']).check('localhost', 'http://localhost:1')).to.equal(
      undefined,
    );
    expect(createHostOriginGuard(undefined, ['https://a.example'], ['https://b.example']).check('localhost', 'https://b.example')).to.equal(
      undefined,
    );
    expect(createHostOriginGuard(undefined, ['https://a.example'], ['https://b.example']).check('localhost', 'https://c.example')).to.match(
      /^Origin not allowed/,
    );
  });

  it('cuts long header values short in its reasons', () => {
    const reason = createHostOriginGuard().check(`${'a'.repeat(5000)}.example`, undefined) as string;
    expect(reason.length).to.be.below(130);
  });
});

describe('allowedHostsForBind', () => {
  it('adds a specific bound address, nothing for wildcards or loopback', () => {
    expect(allowedHostsForBind('127.0.0.1')).to.equal(LOOPBACK_HOSTS);
    expect(allowedHostsForBind('0.0.0.0')).to.equal(LOOPBACK_HOSTS);
    expect(allowedHostsForBind('::')).to.equal(LOOPBACK_HOSTS);
    expect(allowedHostsForBind('::1')).to.equal(LOOPBACK_HOSTS);
    expect(allowedHostsForBind('192.168.1.5')).to.deep.equal([...LOOPBACK_HOSTS, '192.168.1.5']);
    expect(allowedHostsForBind('fe80::1')).to.deep.equal([...LOOPBACK_HOSTS, '[fe80::1]']);
    expect(allowedHostsForBind('[fe80::1]')).to.deep.equal([...LOOPBACK_HOSTS, '[fe80::1]']);
  });
});
