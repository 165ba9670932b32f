import { Inject, Injectable } from '@armature/di';
import { RequestContext, ResourceTemplate, Tool, ToolError } from '@armature/core';
import type { BlobResourceContents, TextResourceContents } from '@armature/core/wire/2025-11-25';
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

/** What `index_folder` returns. */
export interface FolderIndex {
  /** The folder, relative to the served folder. */
  path: string;
  files: number;
  folders: number;
  bytes: number;
  /** File count by extension ("" for none), largest first. */
  byExtension: { extension: string; files: number }[];
}

/** Most entries `index_folder` walks, so a huge tree cannot keep a task busy for ever. */
const MAX_INDEXED_ENTRIES = 100_000;

/** Turns file-system refusals into messages a model can act on. */
function asToolError(error: unknown): never {
  if (error instanceof OutsideRootError)
    throw new ToolError(`${error.message}: paths are relative to the served folder and cannot leave it.`);
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

  /**
   * Walks a folder and everything below it, counting files, folders and bytes by extension.
   * On a large tree this takes a while, so it runs as a task when the client can take one.
   * @param path Folder inside the served folder; "." is the served folder itself.
   */
  @Tool({ name: 'index_folder', title: 'Index a folder', task: 'optional', annotations: { readOnlyHint: true, openWorldHint: false } })
  async index(ctx: RequestContext, path = '.'): Promise<FolderIndex> {
    const counts = new Map<string, number>();
    const index: FolderIndex = { path, files: 0, folders: 0, bytes: 0, byExtension: [] };
    const pending = [path];
    let seen = 0;
    while (pending.length > 0) {
      if (ctx.signal.aborted) throw new ToolError(`Indexing ${path} was stopped after ${seen} entries.`);
      const folder = pending.pop() as string;
      const entries = await this.files.list(folder).catch(asToolError);
      for (const entry of entries) {
        seen += 1;
        if (entry.kind === 'directory') {
          index.folders += 1;
          pending.push(entry.path);
        } else if (entry.kind === 'file') {
          index.files += 1;
          index.bytes += entry.size ?? 0;
          const dot = entry.name.lastIndexOf('.');
          const extension = dot > 0 ? entry.name.slice(dot + 1).toLowerCase() : '';
          counts.set(extension, (counts.get(extension) ?? 0) + 1);
        }
      }
      if (seen > MAX_INDEXED_ENTRIES)
        throw new ToolError(`${path} holds more than ${MAX_INDEXED_ENTRIES} entries; index one of its sub-folders instead.`);
      await ctx.progress(seen, undefined, `${seen} entries, ${index.files} files so far`);
    }
    index.byExtension = [...counts]
      .map(([extension, files]) => ({ extension, files }))
      .sort((a, b) => b.files - a.files || a.extension.localeCompare(b.extension));
    return index;
  }
}
