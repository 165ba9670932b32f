import { Module, type DynamicModule } from '@armature/di';
import { FilesHandlers } from './files.handlers';
import { FILES_OPTIONS, type FilesOptions } from './files.options';
import { RootedFileSystem } from './rooted-file-system';

/** The files server. Import `FilesModule.forRoot({ root })`: the folder is required. */
@Module({ providers: [RootedFileSystem], handlers: [FilesHandlers] })
export class FilesModule {
  /** Serves the folder `options.root`. */
  static forRoot(options: FilesOptions): DynamicModule {
    return { module: FilesModule, providers: [{ provide: FILES_OPTIONS, useValue: options }] };
  }
}
