import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Module } from '@armature/di';
import { Armature } from '../../../src/app/armature.app';
import type { ServerLogger } from '../../../src/logging/server-logger';

/**
 * Writes a compiled-looking project in `dir`: a package.json, the handler module
 * `dist/src/<moduleName>.js` and `dist/armature.manifest.json` (`manifest`, serialized);
 * returns the handler module's path.
 */
export function writeBuiltProject(dir: string, moduleName: string, handlerSource: string, manifest: unknown): string {
  mkdirSync(join(dir, 'dist/src'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{"name":"p","private":true}');
  const file = join(dir, `dist/src/${moduleName}.js`);
  writeFileSync(file, handlerSource);
  writeFileSync(join(dir, 'dist/armature.manifest.json'), JSON.stringify(manifest));
  return file;
}

/** Boots an app whose one handler is the class `exportName` of the compiled module `file`. */
export function bootHandlerModule(file: string, exportName: string, name: string, logger: ServerLogger): Promise<Armature> {
  const cls = (require(file) as Record<string, new () => object>)[exportName] as new () => object;
  @Module({ handlers: [cls] })
  class Root {}
  return Armature.create(Root, { name, version: '1', logger });
}
