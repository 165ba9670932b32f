import { InjectionToken } from '@armature/di';

/** What the files server serves. */
export interface FilesOptions {
  /** The folder served; nothing outside it can be read, through `..` or through symlinks. */
  readonly root: string;
  /** Most bytes `read_file` returns as text (default 64 KiB); longer files are cut. */
  readonly maxReadBytes?: number;
}

/** The DI token of the options (`FilesModule.forRoot(options)` provides it). */
export const FILES_OPTIONS = new InjectionToken<FilesOptions>('FILES_OPTIONS');
