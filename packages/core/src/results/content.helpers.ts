import type {
  Annotations,
  AudioContent,
  BlobResourceContents,
  EmbeddedResource,
  ImageContent,
  ResourceLink,
  TextContent,
  TextResourceContents,
} from '../wire/mcp-types.generated';
import { brand } from './content-brand';

/** Optional fields every content helper accepts. */
export interface ContentOptions {
  readonly annotations?: Annotations;
  readonly _meta?: Record<string, unknown>;
}

/** Binary data: bytes, or a string that is already base64. */
export type BinaryData = Uint8Array | string;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function toBase64(data: BinaryData, helper: string): string {
  if (typeof data !== 'string') return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');
  if (data.length % 4 !== 0 || !BASE64.test(data)) {
    throw new TypeError(`${helper}(): a string must be base64-encoded data; pass a Buffer or Uint8Array for raw bytes.`);
  }
  return data;
}

function extras(options: ContentOptions | undefined): ContentOptions {
  const out: { annotations?: Annotations; _meta?: Record<string, unknown> } = {};
  if (options?.annotations) out.annotations = options.annotations;
  if (options?._meta) out._meta = options._meta;
  return out;
}

/** A text content block. */
export function text(value: string, options?: ContentOptions): TextContent {
  return brand({ type: 'text', text: value, ...extras(options) });
}

/** An image content block from bytes or base64. */
export function image(data: BinaryData, mimeType: string, options?: ContentOptions): ImageContent {
  return brand({ type: 'image', data: toBase64(data, 'image'), mimeType, ...extras(options) });
}

/** An audio content block from bytes or base64. */
export function audio(data: BinaryData, mimeType: string, options?: ContentOptions): AudioContent {
  return brand({ type: 'audio', data: toBase64(data, 'audio'), mimeType, ...extras(options) });
}

/** Fields of a resource link besides `uri` and `name`. */
export type ResourceLinkOptions = Omit<ResourceLink, 'type' | 'uri' | 'name'>;

/** A link to a resource the client may read (it need not appear in `resources/list`). */
export function resourceLink(uri: string, name: string, options: ResourceLinkOptions = {}): ResourceLink {
  return brand({ ...options, type: 'resource_link', uri, name });
}

/** Options of `embeddedResource`. */
export interface EmbeddedResourceOptions extends ContentOptions {
  readonly mimeType?: string;
}

/**
 * A resource embedded in the result. A string is its text; bytes become `blob`; pass
 * `{ blob: base64 }` for data that is already base64.
 */
export function embeddedResource(
  uri: string,
  contents: string | Uint8Array | { readonly blob: string },
  options?: EmbeddedResourceOptions,
): EmbeddedResource {
  const mime = options?.mimeType === undefined ? {} : { mimeType: options.mimeType };
  const resource: TextResourceContents | BlobResourceContents =
    typeof contents === 'string'
      ? { uri, ...mime, text: contents }
      : {
          uri,
          ...mime,
          blob: contents instanceof Uint8Array ? toBase64(contents, 'embeddedResource') : toBase64(contents.blob, 'embeddedResource'),
        };
  return brand({ type: 'resource', resource, ...extras(options) });
}
