import { expect } from 'chai';
import * as path from 'node:path';
import type * as ts from 'typescript';
import { createInMemoryProgram, ScanCache, scanProgram, type FileScan, type JsonSchema } from '../src';
import { VIRTUAL_DIR } from './helpers/scan-helpers';

/** Counts how many files were actually scanned (cache misses). */
class CountingCache extends ScanCache {
  misses: string[] = [];
  override scanFile(file: ts.SourceFile, program: ts.Program, dependencies: readonly string[], scan: () => FileScan): FileScan {
    return super.scanFile(file, program, dependencies, () => {
      this.misses.push(path.basename(file.fileName));
      return scan();
    });
  }
}

const TYPES = (field: string): string => `export interface Item { ${field}: string }\n`;
const A =
  "import { Tool } from '@armature/core';\nimport type { Item } from './types';\nexport class A { @Tool() a(item: Item): void {} }\n";
const B = "import { Tool } from '@armature/core';\nexport class B { @Tool() b(n: number): void {} }\n";

describe('ScanCache', () => {
  const store = new CountingCache();
  const dependenciesOf = (file: ts.SourceFile): string[] =>
    path.basename(file.fileName) === 'a.ts' ? [path.join(VIRTUAL_DIR, 'src/types.ts')] : [];

  function scanWith(files: Record<string, string>) {
    store.misses = [];
    const program = createInMemoryProgram(files, VIRTUAL_DIR);
    return scanProgram(program, { projectDir: VIRTUAL_DIR, cache: { store, dependenciesOf } });
  }

  function itemSchema(result: ReturnType<typeof scanWith>): JsonSchema {
    const properties = result.manifest.handlers['src/a.js#A']?.methods.a?.inputSchema?.properties as Record<string, JsonSchema>;
    return properties.item as JsonSchema;
  }

  it('rescans only the files whose text or dependencies changed', () => {
    const first = scanWith({ 'src/a.ts': A, 'src/b.ts': B, 'src/types.ts': TYPES('name') });
    expect(store.misses).to.have.members(['a.ts', 'b.ts', 'types.ts']);
    expect(itemSchema(first).required).to.deep.equal(['name']);

    const same = scanWith({ 'src/a.ts': A, 'src/b.ts': B, 'src/types.ts': TYPES('name') });
    expect(store.misses).to.deep.equal([]);
    expect(same.manifest).to.deep.equal(first.manifest);

    const changed = scanWith({ 'src/a.ts': A, 'src/b.ts': B, 'src/types.ts': TYPES('title') });
    expect(store.misses).to.have.members(['a.ts', 'types.ts']);
    expect(itemSchema(changed).required).to.deep.equal(['title']);
  });

  it("replays a cached file's problems, name claims and modules", () => {
    const bad = "import { Tool } from '@armature/core';\nexport class C { @Tool({ name: 'b' }) c(cb: () => void): void {} }\n";
    const app =
      "import { Module } from '@armature/di';\nimport { B } from './b';\nimport { C } from './c';\n@Module({ handlers: [B, C] })\nexport class AppModule {}\n";
    const files = { 'src/a.ts': A, 'src/b.ts': B, 'src/types.ts': TYPES('name'), 'src/c.ts': bad, 'src/app.module.ts': app };
    const first = scanWith(files);
    const second = scanWith(files);
    expect(store.misses).to.deep.equal([]);
    expect(second.problems).to.deep.equal(first.problems);
    expect(second.problems.map((p) => p.code)).to.deep.equal(['ARM_ERR_DUPLICATE_NAME', 'ARM_ERR_SCHEMA_TYPE']);
  });
});
