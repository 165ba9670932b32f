import { expect } from 'chai';
import { audio, embeddedResource, image, resourceLink, text } from '../../src/results/content.helpers';
import { assertSchema } from '../support/wire-schema';

describe('content helpers', () => {
  it('build spec-valid content blocks', () => {
    const blocks = [
      text('hello', { annotations: { audience: ['user'], priority: 0.5, lastModified: '2025-01-12T15:00:58Z' } }),
      image(Buffer.from([1, 2, 3]), 'image/png'),
      audio(new Uint8Array([4, 5]), 'audio/wav'),
      image('AQID', 'image/png'),
      resourceLink('notes://1', 'one', { mimeType: 'text/markdown', description: 'first', size: 3 }),
      embeddedResource('notes://1', '# one', { mimeType: 'text/markdown' }),
      embeddedResource('bin://x', Buffer.from('xyz')),
      embeddedResource('bin://y', { blob: 'eHl6' }, { annotations: { priority: 1 } }),
    ];
    for (const block of blocks) assertSchema('ContentBlock', block);
    expect(blocks[1]).to.deep.equal({ type: 'image', data: 'AQID', mimeType: 'image/png' });
    expect(blocks[2]).to.deep.equal({ type: 'audio', data: 'BAU=', mimeType: 'audio/wav' });
    expect(blocks[6]).to.deep.equal({ type: 'resource', resource: { uri: 'bin://x', blob: 'eHl6' } });
  });

  it('encode only the viewed bytes of a Uint8Array', () => {
    const backing = new Uint8Array([9, 9, 1, 2, 3, 9]);
    expect(image(backing.subarray(2, 5), 'image/png').data).to.equal('AQID');
  });

  it('refuse a string that is not base64 where data is expected', () => {
    expect(() => image('/etc/passwd', 'image/png')).to.throw(TypeError, /base64/);
    expect(() => embeddedResource('x://y', { blob: 'not base64!' })).to.throw(TypeError, /base64/);
  });
});
