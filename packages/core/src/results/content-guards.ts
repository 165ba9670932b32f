import type { BlobResourceContents, ContentBlock, TextResourceContents } from '../wire/mcp-types.generated';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const RESOURCE_CONTENTS_KEYS = new Set(['uri', 'mimeType', 'text', 'blob', '_meta']);

/** `{ uri, text }` or `{ uri, blob }` with no other keys than the spec's. */
export function isResourceContents(value: unknown): value is TextResourceContents | BlobResourceContents {
  if (!isRecord(value) || typeof value.uri !== 'string') return false;
  if ((typeof value.text === 'string') === (typeof value.blob === 'string')) return false;
  return Object.keys(value).every((k) => RESOURCE_CONTENTS_KEYS.has(k));
}

/** A structurally valid MCP content block (`text`, `image`, `audio`, `resource_link`, `resource`). */
export function isContentBlock(value: unknown): value is ContentBlock {
  if (!isRecord(value)) return false;
  switch (value.type) {
    case 'text':
      return typeof value.text === 'string';
    case 'image':
    case 'audio':
      return typeof value.data === 'string' && typeof value.mimeType === 'string';
    case 'resource_link':
      return typeof value.uri === 'string' && typeof value.name === 'string';
    case 'resource':
      return (
        isRecord(value.resource) &&
        typeof value.resource.uri === 'string' &&
        (typeof value.resource.text === 'string' || typeof value.resource.blob === 'string')
      );
    default:
      return false;
  }
}

/** A non-empty array of content blocks. */
export function isContentBlockArray(value: unknown): value is ContentBlock[] {
  return Array.isArray(value) && value.length > 0 && value.every(isContentBlock);
}
