import { expect } from 'chai';
import { invalidPrefix, prefixName, prefixUri, unprefixName, unprefixUri } from '../src/prefix-rule';

describe('@armature/proxy: the prefix rule', () => {
  it('prefixes tool and prompt names as <prefix>_<name>, and takes the prefix off again', () => {
    expect(prefixName('github', 'search')).to.equal('github_search');
    expect(unprefixName('github', 'github_search')).to.equal('search');
    expect(unprefixName('github', 'gitlab_search')).to.equal(undefined);
  });

  it('puts the prefix first after the scheme: scheme://rest → scheme://<prefix>/rest', () => {
    expect(prefixUri('notes', 'notes://index')).to.equal('notes://notes/index');
    expect(prefixUri('gh', 'repo://{owner}/{name}')).to.equal('repo://gh/{owner}/{name}');
    expect(prefixUri('fs', 'file:///etc/hosts')).to.equal('file://fs//etc/hosts');
    expect(unprefixUri('notes', 'notes://notes/index')).to.equal('notes://index');
  });

  it('and scheme:rest → scheme:<prefix>/rest for URIs without an authority', () => {
    expect(prefixUri('m', 'urn:isbn:123')).to.equal('urn:m/isbn:123');
    expect(unprefixUri('m', 'urn:m/isbn:123')).to.equal('urn:isbn:123');
  });

  it('refuses URIs without a scheme, URIs outside the prefix, and prefixes outside 1–64 of [A-Za-z0-9.-]', () => {
    expect(prefixUri('p', 'no-scheme/here')).to.equal(undefined);
    expect(unprefixUri('p', 'memo://other/x')).to.equal(undefined);
    expect(invalidPrefix('ok-1.2')).to.equal(undefined);
    for (const bad of ['', '-lead', 'has space', 'under_score', 'x'.repeat(65)]) expect(invalidPrefix(bad), bad).to.be.a('string');
  });
});
