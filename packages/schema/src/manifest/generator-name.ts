import * as fs from 'node:fs';
import * as path from 'node:path';

let cached: string | undefined;

/** `@armature/schema <version>`, read once from this package's package.json. */
export function generatorName(): string {
  if (cached === undefined) {
    let version = '0.0.0';
    try {
      // dist/src/manifest/generator-name.js → the package root is three folders up.
      const file = path.join(__dirname, '..', '..', '..', 'package.json');
      const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: unknown };
      if (typeof parsed.version === 'string') version = parsed.version;
    } catch {
      // Keep 0.0.0: the manifest stays valid, only the generator label is less precise.
    }
    cached = `@armature/schema ${version}`;
  }
  return cached;
}
