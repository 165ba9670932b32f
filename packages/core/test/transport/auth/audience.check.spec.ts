import { expect } from 'chai';
import type { AuthInfo } from '../../../src/context/request-context';
import { canonicalResourceUri, checkAudience } from '../../../src/transport/auth/audience.check';

const base: AuthInfo = { token: 't', clientId: 'c', scopes: [] };

describe('checkAudience (RFC 8707 audience binding)', () => {
  it('canonicalises resource URIs: case of scheme and host, default port, fragment, trailing slash', () => {
    expect(canonicalResourceUri('HTTPS://MCP.Example.com:443/mcp/#frag')).to.equal('https://mcp.example.com/mcp');
    expect(canonicalResourceUri('https://mcp.example.com/')).to.equal('https://mcp.example.com');
    expect(canonicalResourceUri('http://127.0.0.1:8080/MCP')).to.equal('http://127.0.0.1:8080/MCP');
    expect(canonicalResourceUri('mcp.example.com')).to.equal(undefined);
  });

  it('accepts a token whose resource or aud names this server, however spelled', () => {
    expect(checkAudience({ ...base, resource: 'https://MCP.example.com/mcp/' }, 'https://mcp.example.com/mcp')).to.equal(true);
    expect(checkAudience({ ...base, extra: { aud: 'https://mcp.example.com/mcp' } }, 'https://mcp.example.com/mcp')).to.equal(true);
    expect(
      checkAudience({ ...base, extra: { aud: ['api://other', 'https://mcp.example.com/mcp'] } }, 'https://mcp.example.com/mcp'),
    ).to.equal(true);
    expect(
      checkAudience({ ...base, resource: new URL('https://mcp.example.com/mcp') as unknown as string }, 'https://mcp.example.com/mcp'),
    ).to.equal(true);
    expect(checkAudience({ ...base, extra: { aud: 'notes-api' } }, ['https://mcp.example.com/mcp', 'notes-api'])).to.equal(true);
  });

  it('refuses a token for another server, another path, or naming no audience at all', () => {
    expect(checkAudience({ ...base, resource: 'https://other.example.com/mcp' }, 'https://mcp.example.com/mcp')).to.equal(false);
    expect(checkAudience({ ...base, resource: 'https://mcp.example.com/mcp/admin' }, 'https://mcp.example.com/mcp')).to.equal(false);
    expect(checkAudience({ ...base, resource: 'http://mcp.example.com/mcp' }, 'https://mcp.example.com/mcp')).to.equal(false);
    expect(checkAudience(base, 'https://mcp.example.com/mcp')).to.equal(false);
    expect(checkAudience({ ...base, extra: { aud: 42 } }, 'https://mcp.example.com/mcp')).to.equal(false);
  });
});
