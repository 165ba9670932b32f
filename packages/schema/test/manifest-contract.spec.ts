import { expect } from 'chai';
import type { BuiltManifest, InlineManifest } from '@armature/core/build';
import { INLINE_MANIFEST_FORMAT, MANIFEST_FILE_NAME, MANIFEST_FORMAT_VERSION } from '@armature/core/manifest';
import { fromManifestDocument, toManifestDocument } from '../src';
import type { Manifest, ManifestDocument } from '../src/manifest/manifest.types';
import { MANIFEST_DOCUMENT_FORMAT, MANIFEST_FILE_NAME as WRITTEN_FILE_NAME } from '../src/manifest/manifest.types';

// What the scanner writes must be what core reads: these assignments fail to compile when the
// writer's types drift from core's manifest contract.
const readableDocument = (document: ManifestDocument): BuiltManifest => document;
const readableInline = (manifest: Manifest): InlineManifest => manifest;

describe('the manifest contract: @armature/schema writes what @armature/core reads', () => {
  it('uses core file name and format version, and its documents type-check as core manifests', () => {
    expect(WRITTEN_FILE_NAME).to.equal(MANIFEST_FILE_NAME);
    expect(MANIFEST_DOCUMENT_FORMAT).to.equal(MANIFEST_FORMAT_VERSION);
    const inline: Manifest = {
      armature: INLINE_MANIFEST_FORMAT,
      comment: 'c',
      generator: 'g',
      sourceHash: 'sha256-0',
      handlers: {
        'a.js#A': { className: 'A', source: 'a.ts:1', methods: { t: { kind: 'tool', params: [], inputSchema: { type: 'object' } } } },
      },
    };
    const document = readableDocument(toManifestDocument(inline));
    expect(document.armature).to.equal(MANIFEST_FORMAT_VERSION);
    expect(readableInline(fromManifestDocument(toManifestDocument(inline)))).to.deep.equal(inline);
  });
});
