import { expect } from 'chai';
import { text } from '../../src/results/content.helpers';
import { shapePromptResult } from '../../src/results/prompt-result.shaper';
import { shapeResourceResult } from '../../src/results/resource-result.shaper';
import { assertSchema } from '../support/wire-schema';

describe('resource result shaping', () => {
  const read = (value: unknown, mime?: string) => {
    const result = shapeResourceResult(value, 'x://r', mime);
    if (result) assertSchema('ReadResourceResult', result);
    return result;
  };

  it('string → text with the declared or text/plain mime type', () => {
    expect(read('hi')).to.deep.equal({ contents: [{ uri: 'x://r', mimeType: 'text/plain', text: 'hi' }] });
    expect(read('# hi', 'text/markdown')?.contents[0]?.mimeType).to.equal('text/markdown');
  });

  it('bytes → base64 blob', () => {
    expect(read(Buffer.from('xyz'))).to.deep.equal({ contents: [{ uri: 'x://r', mimeType: 'application/octet-stream', blob: 'eHl6' }] });
    expect(read(new Uint8Array([1, 2, 3]), 'image/png')).to.deep.equal({
      contents: [{ uri: 'x://r', mimeType: 'image/png', blob: 'AQID' }],
    });
  });

  it('objects and arrays → JSON text, application/json', () => {
    expect(read([{ id: 1 }])).to.deep.equal({ contents: [{ uri: 'x://r', mimeType: 'application/json', text: '[{"id":1}]' }] });
  });

  it('a contents array or { contents } passes through', () => {
    const contents = [
      { uri: 'x://r#1', text: 'a' },
      { uri: 'x://r#2', blob: 'AQID', mimeType: 'image/png' },
    ];
    expect(read(contents)).to.deep.equal({ contents });
    expect(read({ contents })).to.deep.equal({ contents });
  });

  it('undefined or null → not found', () => {
    expect(read(undefined)).to.equal(undefined);
    expect(read(null)).to.equal(undefined);
  });
});

describe('prompt result shaping', () => {
  const get = (value: unknown, description?: string) => {
    const result = shapePromptResult(value, description);
    if (result) assertSchema('GetPromptResult', result);
    return result;
  };

  it('string → one user text message, with the prompt description', () => {
    expect(get('Summarize', 'd')).to.deep.equal({
      description: 'd',
      messages: [{ role: 'user', content: { type: 'text', text: 'Summarize' } }],
    });
  });

  it('messages, content blocks and strings mix in an array', () => {
    const result = get([{ role: 'assistant', content: text('ok') }, text('more'), 'last']);
    expect(result?.messages.map((m) => m.role)).to.deep.equal(['assistant', 'user', 'user']);
  });

  it('a full { messages } result passes through', () => {
    const full = { description: 'mine', messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'x' } }] };
    expect(get(full, 'other')).to.equal(full);
  });

  it('anything else is refused (undefined)', () => {
    expect(get(42)).to.equal(undefined);
    expect(get([{ role: 'system', content: text('x') }])).to.equal(undefined);
    expect(get(undefined)).to.equal(undefined);
  });
});
