import 'reflect-metadata';
import { Armature } from '@armature/core';
import { AppModule } from './app.module';

/** Builds the editor server (used by tests too). */
export function createEditorApp(): Promise<Armature> {
  return Armature.create(AppModule, { name: 'armature-editor', version: '0.1.0', title: 'Editor' });
}

if (require.main === module) {
  createEditorApp()
    .then((app) => app.listen())
    .catch((error: unknown) => {
      process.stderr.write(`editor server failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    });
}
