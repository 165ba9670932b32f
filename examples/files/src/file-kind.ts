import { extname } from 'node:path';

const MIME_TYPES: Readonly<Record<string, string>> = {
  '.md': 'text/markdown',
  '.txt': 'text/plain',
  '.json': 'application/json',
  '.ts': 'text/x-typescript',
  '.js': 'text/javascript',
  '.html': 'text/html',
  '.css': 'text/css',
  '.csv': 'text/csv',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.pdf': 'application/pdf',
};

/** The MIME type for a file name, by extension. */
export function mimeTypeOf(name: string, text: boolean): string {
  return MIME_TYPES[extname(name).toLowerCase()] ?? (text ? 'text/plain' : 'application/octet-stream');
}

/**
 * The bytes as text when they are valid UTF-8 without NUL characters; undefined for binary
 * data. With `cut`, the bytes are the start of a longer file, so a character split at the
 * end is dropped rather than taken as binary.
 */
export function asText(bytes: Uint8Array, cut = false): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: cut });
  } catch {
    return undefined;
  }
}

/** The `file:///` URI of a path relative to the served folder, each segment percent-encoded. */
export function fileUri(relativePath: string): string {
  return `file:///${relativePath.split('/').map(encodeURIComponent).join('/')}`;
}
