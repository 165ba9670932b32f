import { expect } from 'chai';
import { createHostOriginGuard } from '../src/host-origin.guard';

describe('createHostOriginGuard', () => {
  it('allows loopback hosts on any port and refuses other hosts by default', () => {
    const guard = createHostOriginGuard();
    for (const host of ['localhost', 'LOCALHOST:3000', '127.0.0.1:1', '[::1]:8080', '[::1]']) {
      expect(guard.check(host, undefined), host).to.equal(undefined);
    }
    expect(guard.check('evil.example.com', undefined)).to.equal('Host not allowed: evil.example.com');
    expect(guard.check('localhost.evil.example:80', undefined)).to.contain('Host not allowed');
    expect(guard.check(undefined, undefined)).to.equal('Host not allowed: (missing)');
  });

  it('trusts by default only origins whose host is an allowed Host', () => {
    const guard = createHostOriginGuard();
    expect(guard.check('localhost', 'http://localhost:5173')).to.equal(undefined);
    expect(guard.check('localhost', 'https://127.0.0.1')).to.equal(undefined);
    expect(guard.check('localhost', 'http://evil.example.com')).to.equal('Origin not allowed: http://evil.example.com');
    // Opaque origins (sandboxed frames, file://) and non-web schemes are never trusted.
    expect(guard.check('localhost', 'null')).to.contain('Origin not allowed');
    expect(guard.check('localhost', 'file://localhost')).to.contain('Origin not allowed');
  });

  it('matches a host with a port exactly and an explicit origin list after normalising', () => {
    const guard = createHostOriginGuard(['mcp.example.com:8443'], ['https://App.Example.com/']);
    expect(guard.check('mcp.example.com:8443', 'https://app.example.com')).to.equal(undefined);
    expect(guard.check('mcp.example.com:9000', undefined)).to.contain('Host not allowed');
    expect(guard.check('mcp.example.com:8443', 'https://other.example.com')).to.contain('Origin not allowed');
  });

  it("turns each check off with '*'", () => {
    expect(createHostOriginGuard('*', '*').check('anything.example', 'https://anything.example')).to.equal(undefined);
    expect(createHostOriginGuard('*').check(undefined, 'https://x.example')).to.equal(undefined);
  });
});
