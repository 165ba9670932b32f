import 'reflect-metadata';
import { Armature } from '@armature/core';
import { FilesModule } from './files.module';
import type { FilesOptions } from './files.options';

/** Builds the files server for a folder (used by tests too). */
export function createFilesApp(options: FilesOptions): Promise<Armature> {
  return Armature.create(FilesModule.forRoot(options), {
    name: 'armature-files',
    version: '0.1.0',
    title: 'Files',
    instructions: 'Paths are relative to the served folder. Use list_directory to explore and read_file or file:///{path} to read.',
  });
}

if (require.main === module) {
  // The folder comes from FILES_ROOT, else the working directory.
  createFilesApp({ root: process.env.FILES_ROOT ?? process.cwd() })
    .then((app) => app.listen())
    .catch((error: unknown) => {
      process.stderr.write(`files server failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    });
}
