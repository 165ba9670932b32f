import * as fs from 'node:fs';
import * as path from 'node:path';

/** This package's version (`dist/src/own-version.js` → the package root is two folders up). */
export function ownVersion(): string {
  const file = path.join(__dirname, '..', '..', 'package.json');
  const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}
