import { expect } from 'chai';
import { UriTemplate, type UnsafeValueCheck, type UriTemplateOptions } from '../../src/uri-template';

function refuses(template: string, uri: string, check: UnsafeValueCheck, options?: UriTemplateOptions): void {
  it(`${template}: refuses ${JSON.stringify(uri)} (${check})`, () => {
    const r = UriTemplate.parse(template, options).matchDetailed(uri);
    expect(r).to.deep.include({ ok: false, reason: 'unsafe-value', check });
    if (!r.ok) {
      expect(r.variable).to.be.a('string');
      expect(r.detail).to.include(`"${r.variable ?? ''}"`);
    }
  });
}

function accepts(template: string, uri: string, options?: UriTemplateOptions): void {
  it(`${template}: accepts ${JSON.stringify(uri)}${options ? ` with ${JSON.stringify(options)}` : ''}`, () => {
    expect(UriTemplate.parse(template, options).matchDetailed(uri)).to.have.property('ok', true);
  });
}

describe('UriTemplate value safety (on by default)', () => {
  describe('dot segments, raw or encoded', () => {
    refuses('notes://{id}', 'notes://..', 'dot-segment');
    refuses('notes://{id}', 'notes://%2e%2e', 'dot-segment');
    refuses('notes://{id}', 'notes://%2E.', 'dot-segment');
    refuses('notes://{id}', 'notes://.', 'dot-segment');
    refuses('file:///{+path}', 'file:///../etc/passwd', 'dot-segment');
    refuses('file:///{+path}', 'file:///a/../../b', 'dot-segment');
    refuses('file:///{+path}', 'file:///a/%2e%2e/b', 'dot-segment');
    refuses('file:///{+path}', 'file:///a%2F..%2Fb', 'dot-segment');
    refuses('file:///{+path}', 'file:///a/..', 'dot-segment');
    refuses('/files{/p*}', '/files/a/%2e%2e/b', 'dot-segment');
    refuses('search{?path}', 'search?path=a/../../etc', 'dot-segment');
    accepts('notes://{id}', 'notes://...');
    accepts('notes://{id}', 'notes://..a');
    accepts('file:///{+path}', 'file:///a/.b/c..');
  });

  describe('encoded separators inside one segment', () => {
    refuses('notes://{id}', 'notes://a%2Fb', 'encoded-separator');
    refuses('notes://{id}', 'notes://a%2fb', 'encoded-separator');
    refuses('notes://{id}', 'notes://a%5Cb', 'encoded-separator');
    refuses('{/a,b}', '/x/%2Fetc', 'encoded-separator');
    refuses('x{;a}', 'x;a=%2F', 'encoded-separator');
    accepts('file:///{+path}', 'file:///a%2Fb');
  });

  describe('control characters', () => {
    refuses('notes://{id}', 'notes://a%00', 'control-character');
    refuses('notes://{id}', 'notes://a\u0000b', 'control-character');
    refuses('notes://{id}', 'notes://a%0Ab', 'control-character');
    refuses('notes://{id}', 'notes://%7F', 'control-character');
    refuses('notes://{id}', 'notes://%C2%85', 'control-character');
    refuses('file:///{+path}', 'file:///a/b%00.txt', 'control-character');
    refuses('search{?q}', 'search?q=%1B[31m', 'control-character');
  });

  describe('backslashes and absolute paths', () => {
    refuses('file:///{+path}', 'file:///a%5Cb', 'backslash');
    refuses('file:///{+path}', 'file:///%5C%5Cserver%5Cshare', 'backslash');
    refuses('file:///{+path}', 'file:///a\\b', 'backslash');
    refuses('file:///{+path}', 'file:////etc/passwd', 'absolute-path');
    refuses('file:///{+path}', 'file:///%2Fetc/passwd', 'absolute-path');
    refuses('file:///{+path}', 'file:///C:/Windows/win.ini', 'absolute-path');
    refuses('file:///{+path}', 'file:///c:', 'absolute-path');
    refuses('docs://root/{+path}', 'docs://root//etc', 'absolute-path');
    refuses('search{?path}', 'search?path=/etc/passwd', 'absolute-path');
    refuses('notes://{id}', 'notes://C:', 'absolute-path');
    refuses('file://{+path}', 'file:///etc/passwd', 'absolute-path');
    refuses('{+path}/here', '/foo/bar/here', 'absolute-path');
    accepts('file://{+path}', 'file:///etc/passwd', { allowUnsafeValues: { absolutePaths: true } });
    accepts('notes://{id}', 'notes://a:1');
    accepts('file:///{+path}', 'file:///a/c:');
  });

  it('decodes once: a double-encoded dot segment stays literal text, not traversal', () => {
    expect(UriTemplate.parse('notes://{id}').match('notes://%252e%252e')).to.deep.equal({ id: '%2e%2e' });
  });

  it('refuses overlong UTF-8 for "." (%C0%AE) as invalid encoding, not as a dot', () => {
    expect(UriTemplate.parse('notes://{id}').matchDetailed('notes://%C0%AE%C0%AE')).to.deep.include({ ok: false, reason: 'no-match' });
  });

  it('keeps the detail log-safe: control characters escaped, long values cut', () => {
    const r = UriTemplate.parse('notes://{id}').matchDetailed(`notes://%00${'a'.repeat(500)}`);
    expect(r.ok).to.equal(false);
    if (!r.ok) {
      expect(r.detail).to.include('\\u0000').and.not.include('\u0000');
      expect(r.detail.length).to.be.below(300);
    }
  });

  describe('over-long URIs', () => {
    it('refuses URIs over 8192 characters by default, before scanning', () => {
      const t = UriTemplate.parse('notes://{id}');
      expect(t.matchDetailed(`notes://${'a'.repeat(8192 - 8)}`)).to.have.property('ok', true);
      const r = t.matchDetailed(`notes://${'a'.repeat(8192 - 7)}`);
      expect(r).to.deep.include({ ok: false, reason: 'too-long' });
      expect(r.ok ? '' : r.detail).to.include('8192');
    });

    it('honours maxUriLength per template', () => {
      const t = UriTemplate.parse('notes://{id}', { maxUriLength: 16 });
      expect(t.matchDetailed('notes://12345678')).to.have.property('ok', true);
      expect(t.matchDetailed('notes://123456789')).to.deep.include({ ok: false, reason: 'too-long' });
    });
  });

  describe('opting out per template', () => {
    accepts('notes://{id}', 'notes://..', { allowUnsafeValues: true });
    accepts('notes://{id}', 'notes://a%00', { allowUnsafeValues: true });
    accepts('file:///{+path}', 'file:///../x', { allowUnsafeValues: { dotSegments: true } });
    refuses('file:///{+path}', 'file:///../x%00', 'control-character', { allowUnsafeValues: { dotSegments: true } });
    accepts('notes://{id}', 'notes://a%0A', { allowUnsafeValues: { controlCharacters: true } });
    accepts('notes://{id}', 'notes://a%2Fb', { allowUnsafeValues: { encodedSeparators: true } });
    accepts('file:///{+path}', 'file:///a%5Cb', { allowUnsafeValues: { backslashes: true } });
    accepts('file:///{+path}', 'file:///C:/Windows', { allowUnsafeValues: { absolutePaths: true } });
    accepts('file:///{+path}', 'file:////etc', { allowUnsafeValues: { absolutePaths: true } });
    refuses('file:///{+path}', 'file:////etc/..', 'dot-segment', { allowUnsafeValues: { absolutePaths: true } });

    it('hands the raw decoded value through when every check is off', () => {
      const t = UriTemplate.parse('file:///{+path}', { allowUnsafeValues: true });
      expect(t.match('file:///../a%00%5C')).to.deep.equal({ path: '../a\u0000\\' });
    });
  });
});
