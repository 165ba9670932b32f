import { Inject, Injectable } from '@armature/di';
import { ResourceTemplate, Tool, ToolError, type BlobResourceContents, type TextResourceContents } from '@armature/core';
import { NotFoundError, OutsideRootError } from './file-errors';
import { asText, fileUri, mimeTypeOf } from './file-kind';
import { FILES_OPTIONS, type FilesOptions } from './files.options';
import { RootedFileSystem, type DirectoryEntry } from './rooted-file-system';

/** What `list_directory` returns. */
export interface DirectoryListing {
  /** The directory, relative to the served folder ("." is the folder itself). */
  path: string;
  entries: DirectoryEntry[];
}

/** What `read_file` returns. */
export interface FileText {
  path: string;
  /** The file as a resource, for `resources/read`. */
  uri: string;
  mimeType: string;
  /** Size of the whole file in bytes. */
  size: number;
  /** True when the text stops at `maxBytes`. */
  truncated: boolean;
  text: string;
}

/** Turns file-system refusals into messages a model can act on. */
function asToolError(error: unknown): never {
  if (error instanceof OutsideRootError) throw new ToolError(`${error.message}: paths are relative to the served folder and cannot leave it.`);
  if (error instanceof NotFoundError) throw new ToolError(`${error.message}. Call list_directory to see what exists.`);
  throw error;
}

/** Files of one folder, as a resource template and as tools. */
@Injectable()
export class FilesHandlers {
  private readonly maxReadBytes: number;

  constructor(
    private readonly files: RootedFileSystem,
    @Inject(FILES_OPTIONS) options: FilesOptions,
  ) {
    this.maxReadBytes = options.maxReadBytes ?? 64 * 1024;
  }

  /**
   * A file of the served folder: text for UTF-8 files, base64 otherwise.
   * @param path Path inside the served folder, e.g. "docs/guide.md".
   */
  @ResourceTemplate('file:///{+path}', { title: 'A file', complete: { path: 'completePath' } })
  async file(path: string): Promise<TextResourceContents | BlobResourceContents | undefined> {
    // Refused and missing paths both read as "not found" (-32002): a client learns nothing about what lies outside.
    const content = await this.files.read(path, Number.MAX_SAFE_INTEGER).catch(() => undefined);
    if (content === undefined) return undefined;
    const uri = fileUri(path);
    const text = asText(content.bytes);
    if (text !== undefined) return { uri, mimeType: mimeTypeOf(path, true), text };
    return { uri, mimeType: mimeTypeOf(path, false), blob: content.bytes.toString('base64') };
  }

  /** Candidate paths for the `path` variable of `file:///{+path}`. */
  completePath(value: string): Promise<string[]> {
    return this.files.complete(value);
  }

  /**
   * The files and folders in a folder, by name.
   * @param path Folder inside the served folder; "." is the served folder itself.
   */
  @Tool({ name: 'list_directory', title: 'List a folder', annotations: { readOnlyHint: true, openWorldHint: false } })
  async list(path = '.'): Promise<DirectoryListing> {
    const entries = await this.files.list(path).catch(asToolError);
    return { path, entries };
  }

  /**
   * The text of a file (UTF-8), at most maxBytes of it.
   * @param path File inside the served folder, e.g. "docs/guide.md".
   * @param maxBytes Most bytes to return.
   * @integer maxBytes
   * @minimum maxBytes 1
   */
  @Tool({ name: 'read_file', title: 'Read a file', annotations: { readOnlyHint: true, openWorldHint: false } })
  async read(path: string, maxBytes?: number): Promise<FileText> {
    const limit = Math.min(maxBytes ?? this.maxReadBytes, this.maxReadBytes);
    const content = await this.files.read(path, limit).catch(asToolError);
    const text = asText(content.bytes, content.truncated);
    const uri = fileUri(path);
    if (text === undefined) throw new ToolError(`"${path}" is not a text file; read the resource ${uri} to get its bytes.`);
    return { path, uri, mimeType: mimeTypeOf(path, true), size: content.size, truncated: content.truncated, text };
  }
}
