import { expect } from 'chai';
import {
  mountPrefixProblem,
  nameUnder,
  prefixedName,
  prefixedUri,
  unprefixedName,
  unprefixedUri,
  uriFrom,
  uriUnder,
} from '../../src/mount/mount-naming';

describe('the mount naming rule', () => {
  it('prefixes tool and prompt names with `<prefix>_`', () => {
    expect(prefixedName('github', 'search')).to.equal('github_search');
    expect(unprefixedName('github', 'github_search')).to.equal('search');
    expect(unprefixedName('github', 'gitlab_search')).to.equal(undefined);
    // The separator is part of the prefix: `github` does not own `githubsearch`.
    expect(unprefixedName('github', 'githubsearch')).to.equal(undefined);
  });

  it('puts the prefix first in a hierarchical URI: scheme://rest → scheme://<prefix>/rest', () => {
    expect(prefixedUri('github', 'repo://octo/hello')).to.equal('repo://github/octo/hello');
    expect(unprefixedUri('github', 'repo://github/octo/hello')).to.equal('repo://octo/hello');
    expect(prefixedUri('github', 'repo://{owner}/{name}')).to.equal('repo://github/{owner}/{name}');
    expect(prefixedUri('files', 'file:///etc/hosts')).to.equal('file://files//etc/hosts');
    expect(unprefixedUri('files', 'file://files//etc/hosts')).to.equal('file:///etc/hosts');
  });

  it('and after the colon of a URI without `//`: scheme:rest → scheme:<prefix>/rest', () => {
    expect(prefixedUri('kb', 'urn:isbn:0451450523')).to.equal('urn:kb/isbn:0451450523');
    expect(unprefixedUri('kb', 'urn:kb/isbn:0451450523')).to.equal('urn:isbn:0451450523');
    expect(prefixedUri('ui', 'ui:dashboard{?tab}')).to.equal('ui:ui/dashboard{?tab}');
  });

  it('leaves alone what is not under the prefix', () => {
    expect(unprefixedUri('github', 'repo://gitlab/octo')).to.equal(undefined);
    expect(unprefixedUri('github', 'repo://githubber/octo')).to.equal(undefined);
    expect(unprefixedUri('github', 'repo:octo')).to.equal(undefined);
  });

  it('is inverted exactly by its inverse, for any prefix and name', () => {
    const uris = ['a://b', 'a://', 'a:b', 'a:', 'x-y+z.w://h/p?q#f', 'mailto:me@example.com', 'no-scheme/path'];
    for (const prefix of ['p', 'a.b', 'x-y_z', 'A1']) {
      for (const uri of uris) expect(unprefixedUri(prefix, prefixedUri(prefix, uri)), `${prefix} ${uri}`).to.equal(uri);
      for (const name of ['t', 'a_b', 'x.y-z']) expect(unprefixedName(prefix, prefixedName(prefix, name))).to.equal(name);
    }
  });

  it('composes for nested mounts, the outermost prefix first', () => {
    expect(nameUnder(['a', 'b'], 'tool')).to.equal('a_b_tool');
    expect(uriUnder(['a', 'b'], 'scheme://rest')).to.equal('scheme://a/b/rest');
    expect(uriUnder(['a', 'b'], 'scheme:rest')).to.equal('scheme:a/b/rest');
    expect(uriFrom(['a', 'b'], 'scheme://a/b/rest')).to.equal('scheme://rest');
    expect(uriFrom(['a', 'b'], 'scheme://b/a/rest')).to.equal(undefined);
    expect(nameUnder([], 'tool')).to.equal('tool');
  });

  it('accepts prefixes of 1–64 tool-name characters, and says why another is refused', () => {
    expect(mountPrefixProblem('github')).to.equal(undefined);
    expect(mountPrefixProblem('a.b-c_D9')).to.equal(undefined);
    expect(mountPrefixProblem('x'.repeat(64))).to.equal(undefined);
    expect(mountPrefixProblem('')).to.equal('must not be empty');
    expect(mountPrefixProblem('x'.repeat(65))).to.equal('is 65 characters long; the limit is 64');
    expect(mountPrefixProblem('a/b')).to.match(/may only contain/);
    expect(mountPrefixProblem('a b')).to.match(/may only contain/);
    expect(mountPrefixProblem(7)).to.equal('must be a string');
  });
});
