import { expect } from 'chai';
import { acceptsAll, isJsonContentType } from '../src/handler/media-type';

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

  it('answers repeated and alternating Content-Types alike (the last answer is remembered)', () => {
    for (let i = 0; i < 3; i++) {
      expect(isJsonContentType('application/json; charset=latin1')).to.equal(false);
      expect(isJsonContentType('application/json; charset=latin1')).to.equal(false);
      expect(isJsonContentType('application/json')).to.equal(true);
      expect(isJsonContentType('application/json')).to.equal(true);
      expect(isJsonContentType('text/plain')).to.equal(false);
    }
  });
});
